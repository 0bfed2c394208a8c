// File uploads with progress: XMLHttpRequest is the one browser API that reports how many bytes of
// a request body have left (fetch does not). Same base address, bearer token and ApiError as api.ts.
import { failedConnection, failedResponse } from "./api";
import { currentApiBase, useSession } from "./session";

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Bytes of the body sent so far; the last call has `loaded === total`. */
  onProgress?: (progress: UploadProgress) => void;
  /** Called once the whole body is sent: the server is working on it now. */
  onUploaded?: () => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** POSTs a multipart form; resolves with the JSON answer or rejects with an ApiError (AbortError when aborted). */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${currentApiBase()}${path}`);
    xhr.setRequestHeader("accept", "application/json");
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.upload.onload = () => options.onUploaded?.();
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(failedResponse(xhr.status, body));
    };
    xhr.onerror = () => reject(failedConnection());
    xhr.onabort = () => reject(new DOMException("Der Upload wurde abgebrochen.", "AbortError"));

    if (options.signal?.aborted) return reject(new DOMException("Der Upload wurde abgebrochen.", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
