// The userscript manager's API (Tampermonkey, Violentmonkey), behind two small interfaces so the rest
// of the script runs in tests without one. Only what the metadata block grants is used.

/** The subset of GM_xmlhttpRequest's details and answer this script uses. */
interface GmRequestDetails {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  data?: string;
  timeout?: number;
  onload?: (response: { status: number; responseText: string }) => void;
  onerror?: (error: unknown) => void;
  ontimeout?: () => void;
}

declare function GM_xmlhttpRequest(details: GmRequestDetails): unknown;
declare function GM_getValue(key: string, fallback: string): string;
declare function GM_setValue(key: string, value: string): void;

export interface HttpRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  body: string;
}

/** Resolves with any HTTP answer; rejects only when none came (network, timeout). */
export type Http = (request: HttpRequest) => Promise<HttpResponse>;

/** The script's own storage: the game's page cannot read it (unlike its localStorage). */
export interface Store {
  get(key: string): string;
  set(key: string, value: string): void;
}

const REQUEST_TIMEOUT_MS = 15_000;

/** GM_xmlhttpRequest: reaches the dsbot server from the game's page (no CORS), as `@connect` allows. */
export const gmHttp: Http = (request) =>
  new Promise((resolve, reject) => {
    GM_xmlhttpRequest({
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { data: request.body }),
      timeout: REQUEST_TIMEOUT_MS,
      onload: (response) => resolve({ status: response.status, body: response.responseText }),
      onerror: () => reject(new Error("network")),
      ontimeout: () => reject(new Error("timeout")),
    });
  });

export const gmStore: Store = {
  get: (key) => GM_getValue(key, ""),
  set: (key, value) => GM_setValue(key, value),
};
