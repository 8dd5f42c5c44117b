// A multipart/form-data body for app.inject, as a browser's FormData would send it: text fields, and
// optionally one file part with the file name and content type the client claims.
import { randomBytes } from 'node:crypto';

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----rihla${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'bankakScreenshot'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        'utf8',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
