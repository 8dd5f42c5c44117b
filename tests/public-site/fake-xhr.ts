// XMLHttpRequest as the site's uploads use it (lib/upload.ts), driven by the test: each request sent is
// kept with its form, and the test reports progress, answers, fails or sees it aborted.
import { vi } from 'vitest';

export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress?: (event: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader() {}

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The form's text fields. */
  fields(): Record<string, string> {
    const fields: Record<string, string> = {};
    this.body?.forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value;
    });
    return fields;
  }
}

export function installFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** The latest request sent. */
export const lastXhr = () => FakeXhr.sent[FakeXhr.sent.length - 1];
