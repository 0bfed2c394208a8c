// A scriptable XMLHttpRequest for uploads (lib/upload.ts): a test sees what was sent and drives the
// upload progress and the answer by hand.
import { vi } from "vitest";

type Handler = ((event: ProgressEvent) => void) | null;

export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent("abort"));
  }

  /** The browser reports `loaded` of `total` bytes sent; at `total` the upload is done. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent("progress", { lengthComputable: true, loaded, total }));
    if (loaded >= total) this.upload.onload?.(new ProgressEvent("load"));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? "" : JSON.stringify(body);
    this.onload?.(new ProgressEvent("load"));
  }
  /** The connection dropped. */
  fail() {
    this.onerror?.(new ProgressEvent("error"));
  }

  /** The files of a sent FormData, by name. */
  fileNames(): string[] {
    return this.body instanceof FormData ? this.body.getAll("files").map((file) => (file as File).name) : [];
  }
}

export function mockXhr(): typeof FakeXhr {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return FakeXhr;
}
