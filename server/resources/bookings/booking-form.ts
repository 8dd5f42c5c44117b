// Reads createBooking's form: multipart/form-data as the spec sends it (fields plus an optional
// bankakScreenshot file, at most 5 MB), or a plain JSON body for clients without a file.
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.ts';

export interface BookingForm {
  fields: Record<string, unknown>;
  screenshot?: Buffer;
}

/**
 * `beforeFile` sees the fields sent before the file, before the file is read: it may refuse the request (throw)
 * at the cost of those few bytes, not the file's.
 */
export async function readBookingForm(
  request: FastifyRequest,
  beforeFile?: (fields: Record<string, unknown>) => Promise<void>,
): Promise<BookingForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      fields:
        body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
    };
  }
  const fields: Record<string, unknown> = {};
  let screenshot: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (beforeFile && part.fieldname === 'bankakScreenshot') await beforeFile(fields);
        // Reading the stream is what enforces the size limit (413), so every file part is read.
        const bytes = await part.toBuffer();
        if (part.fieldname === 'bankakScreenshot' && bytes.length > 0) screenshot = bytes;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The multipart plugin's own errors carry their status (413, 400…); the parser underneath throws plain
    // errors ("Unexpected end of multipart data") for a truncated or garbled body: the client's mistake.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('The form is malformed.');
  }
  return { fields, screenshot };
}
