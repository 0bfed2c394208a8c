// The REST route table's building blocks: a route is its method and path, with the types of its
// answer, body and query carried along for the callers (type-only: nothing here imports zod, so the
// web's first page can use the table). The server registers each route under its `path`; the input
// schemas it parses with sit beside the handler (apps/server/src/http/contract.ts).

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A query string's values as the web's REST client writes them (arrays joined with commas). */
export type QueryValue = string | number | boolean | null | undefined | readonly string[];
export type QueryParams = Record<string, QueryValue>;

/** The `:name` segments of a path as an object: `"/api/users/:id/runners/:runnerId"` → `{ id, runnerId }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

declare const carried: unique symbol;

/** One REST route. `Res`, `Body` and `Query` exist only for the type checker. */
export interface Route<M extends HttpMethod = HttpMethod, P extends string = string, Res = unknown, Body = unknown, Query = unknown> {
  readonly method: M;
  readonly path: P;
  readonly [carried]?: { response: Res; body: Body; query: Query };
}

/** The answer of a route. */
export type RouteResponse<R> = R extends Route<HttpMethod, string, infer Res> ? Res : never;
/** The JSON body a route takes (`never`: none). */
export type RouteBody<R> = R extends Route<HttpMethod, string, unknown, infer Body> ? Body : never;
/** The query a route takes. */
export type RouteQuery<R> = R extends Route<HttpMethod, string, unknown, unknown, infer Query> ? Query : never;
/** The path parameters of a route. */
export type RouteParams<R> = R extends Route<HttpMethod, infer P> ? PathParams<P> : never;

/** A route under construction: `get("/api/users").query<UserListQuery>().returns<UserListResponse>()`. */
export interface RouteBuilder<M extends HttpMethod, P extends string, Res, Body, Query> extends Route<M, P, Res, Body, Query> {
  /** The answer's type (default: none, e.g. 204). */
  returns<T>(): RouteBuilder<M, P, T, Body, Query>;
  /** The JSON body's type. */
  body<T>(): RouteBuilder<M, P, Res, T, Query>;
  /** The query's type (default: any query values). */
  query<T>(): RouteBuilder<M, P, Res, Body, T>;
}

function build<M extends HttpMethod, P extends string>(method: M, path: P): RouteBuilder<M, P, void, never, QueryParams> {
  const route = {
    method,
    path,
    // The type-only steps hand back the same object under its new type.
    returns: () => route,
    body: () => route,
    query: () => route,
  };
  return route as unknown as RouteBuilder<M, P, void, never, QueryParams>;
}

export const get = <const P extends string>(path: P) => build("GET", path);
export const post = <const P extends string>(path: P) => build("POST", path);
export const put = <const P extends string>(path: P) => build("PUT", path);
export const patch = <const P extends string>(path: P) => build("PATCH", path);
export const del = <const P extends string>(path: P) => build("DELETE", path);

/**
 * The path with its parameters filled in (each URI-encoded). A parameter the path names but `params`
 * lacks throws: a request to `/api/users/undefined` would only answer with a confusing 404.
 */
export function routePath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route parameter missing: ${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
