// The REST client: base address from the user's world, bearer token, JSON, and ApiError for
// every failure. 401 and network failures go through the registered handlers (api-error-handling).
import type { ApiError as ApiErrorBody, Route, RouteBody, RouteParams, RouteQuery, RouteResponse } from "@dsbot/protocol";
import { routePath } from "@dsbot/protocol";
import { currentApiBase, useSession } from "./session";

export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];

  constructor(status: number, code: string, message: string, issues: ApiIssue[] = []) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
  }

  /** No answer from the server at all (fetch failed). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface ApiErrorHandlers {
  onUnauthorized: (error: ApiError) => void;
  onNetworkError: (error: ApiError) => void;
}

const noop = () => undefined;
let handlers: ApiErrorHandlers = { onUnauthorized: noop, onNetworkError: noop };

/** Install the response error handling (done at start and again whenever Home is reached). */
export function setApiErrorHandlers(next: ApiErrorHandlers): void {
  handlers = next;
}

export type { QueryParams, QueryValue } from "@dsbot/protocol";
import type { QueryParams } from "@dsbot/protocol";

export interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

const FALLBACK_MESSAGE = "Es ist ein unerwarteter Fehler aufgetreten.";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isIssue(value: unknown): value is ApiIssue {
  return isRecord(value) && typeof value.path === "string" && typeof value.message === "string";
}

/**
 * The error body of every REST failure (`apiErrorSchema` of @dsbot/protocol: `{ error: { code,
 * message, issues? } }`), checked by hand so that zod stays off the first page. Accepts and returns
 * what the schema's safeParse would (unknown keys dropped); null for anything else.
 */
export function parseApiErrorBody(body: unknown): ApiErrorBody["error"] | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, issues } = body.error;
  if (typeof code !== "string" || typeof message !== "string") return null;
  if (issues === undefined) return { code, message };
  if (!Array.isArray(issues) || !issues.every(isIssue)) return null;
  return { code, message, issues: issues.map((issue) => ({ path: issue.path, message: issue.message })) };
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = parseApiErrorBody(body);
  if (parsed) return new ApiError(status, parsed.code, parsed.message, parsed.issues ?? []);
  return new ApiError(status, `http_${status}`, FALLBACK_MESSAGE);
}

/** The ApiError of a failed answer (fetch here, XMLHttpRequest for uploads), a 401 also reported to the handlers. */
export function failedResponse(status: number, body: unknown): ApiError {
  const error = toApiError(status, body);
  if (status === 401) handlers.onUnauthorized(error);
  return error;
}

/** The ApiError of a request that got no answer at all, also reported to the handlers. */
export function failedConnection(): ApiError {
  const error = new ApiError(0, "network", FALLBACK_MESSAGE);
  handlers.onNetworkError(error);
  return error;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = useSession.getState().token;
  const headers: Record<string, string> = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(`${currentApiBase()}${path}${buildQuery(options.params)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw failedConnection();
  }

  const body = await readJson(response);
  if (!response.ok) throw failedResponse(response.status, body);
  return body as T;
}

export const api = {
  /** A route of the table: `api.call(userRoutes.detail, { params: { id }, signal })`. */
  call: <R extends Route>(route: R, ...args: CallArgs<R>) => callRoute(route, ...args),
};

type HasNone<T> = keyof T extends never ? true : false;
type ParamsPart<R> = HasNone<RouteParams<R>> extends true ? { params?: undefined } : { params: RouteParams<R> };
type BodyPart<R> = [RouteBody<R>] extends [never] ? { body?: undefined } : { body: RouteBody<R> };

/** What a call of the route takes: its path parameters and body when it has them, its query, a signal. */
export type CallOptions<R> = ParamsPart<R> & BodyPart<R> & { query?: RouteQuery<R>; signal?: AbortSignal };
type CallArgs<R> = HasNone<RouteParams<R>> extends true
  ? [RouteBody<R>] extends [never]
    ? [options?: CallOptions<R>]
    : [options: CallOptions<R>]
  : [options: CallOptions<R>];

/** A call of a route of the table (`@dsbot/protocol`'s routes): its path filled in, its answer typed. */
export async function callRoute<R extends Route>(route: R, ...[options]: CallArgs<R>): Promise<RouteResponse<R>> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
  };
  return apiRequest<RouteResponse<R>>(route.method, routePath(route.path, params), { params: query as QueryParams | undefined, body, signal });
}
