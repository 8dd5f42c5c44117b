// POSTs a multipart form with XMLHttpRequest, the only browser API that reports upload progress; on a
// weak connection the payment screenshot is the longest wait of the journey, so the traveller sees it.

export interface Upload {
  done: Promise<{ status: number; body: any }>;
  abort: () => void;
}

/** The request never got an answer (network lost, or stopped by the traveller). */
export class UploadInterrupted extends Error {
  constructor(readonly aborted: boolean) {
    super(aborted ? 'aborted' : 'network');
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function postForm(url: string, form: FormData, onProgress: (fraction: number) => void): Upload {
  const request = new XMLHttpRequest();
  const done = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.upload.onload = () => onProgress(1);
    request.onload = () => resolve({ status: request.status, body: parse(request.responseText) });
    request.onerror = () => reject(new UploadInterrupted(false));
    request.ontimeout = () => reject(new UploadInterrupted(false));
    request.onabort = () => reject(new UploadInterrupted(true));
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}
