// The dsbot server as the userscript reaches it: the overview of the tab's world and village, and the
// device flow that pairs the script (as `dsbot pair` pairs the runner). Answers are checked against
// the shared schemas; failures become one German sentence for the panel.
import type { DeviceRequest, DeviceResponse, GamePage, UserscriptOverviewResponse } from "@dsbot/protocol";
import { deviceResponseSchema, deviceTokenResponseSchema, dsbotAuthRoutes, userscriptOverviewResponseSchema, userscriptRoutes } from "@dsbot/protocol";
import type { z } from "zod";
import type { Http, HttpResponse } from "./gm";
import { texts } from "./texts";

export type ApiResult<T> = { ok: true; data: T } | { ok: false; message: string; status: number | null };

/** `https://dsbot.example/` → `https://dsbot.example`; null for anything that is no http(s) address. */
export function normalizeServerUrl(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

function errorMessage(response: HttpResponse): string {
  if (response.status === 401) return texts.errors.unauthorized;
  try {
    const message = (JSON.parse(response.body) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === "string" && message.length > 0) return message;
  } catch {
    // Not our JSON error: say which status came back.
  }
  return texts.errors.status(response.status);
}

async function call<T>(http: Http, request: Parameters<Http>[0], schema: z.ZodType<T>): Promise<ApiResult<T>> {
  let response: HttpResponse;
  try {
    response = await http(request);
  } catch {
    return { ok: false, message: texts.errors.unreachable, status: null };
  }
  if (response.status < 200 || response.status >= 300) return { ok: false, message: errorMessage(response), status: response.status };
  try {
    return { ok: true, data: schema.parse(JSON.parse(response.body)) };
  } catch {
    return { ok: false, message: texts.errors.unexpected, status: response.status };
  }
}

const json = { "content-type": "application/json", accept: "application/json" };

export function fetchOverview(http: Http, server: string, token: string, page: GamePage): Promise<ApiResult<UserscriptOverviewResponse>> {
  const query = new URLSearchParams({ server: page.world.server, world: page.world.world });
  if (page.villageId !== null) query.set("village", String(page.villageId));
  return call(
    http,
    { method: "GET", url: `${server}${userscriptRoutes.overview.path}?${query.toString()}`, headers: { accept: "application/json", authorization: `Bearer ${token}` } },
    userscriptOverviewResponseSchema,
  );
}

/** Asks for a userscript token: it reads the overview and nothing else (no bot sockets, no claims). */
export function startPairing(http: Http, server: string, name: string): Promise<ApiResult<DeviceResponse>> {
  const body: DeviceRequest = { name, scope: "userscript" };
  return call(http, { method: "POST", url: `${server}${dsbotAuthRoutes.device.path}`, headers: json, body: JSON.stringify(body) }, deviceResponseSchema);
}

/** One poll for the token: the token, "pending" (keep polling, `slowDown` when asked to), or the end. */
export async function pollPairing(
  http: Http,
  server: string,
  deviceCode: string,
): Promise<{ state: "done"; token: string } | { state: "pending"; slowDown: boolean } | { state: "failed"; message: string }> {
  let response: HttpResponse;
  try {
    response = await http({ method: "POST", url: `${server}${dsbotAuthRoutes.token.path}`, headers: json, body: JSON.stringify({ deviceCode }) });
  } catch {
    // A hiccup of the network does not end a pairing: the code lives for minutes.
    return { state: "pending", slowDown: false };
  }
  if (response.status === 200) {
    const parsed = deviceTokenResponseSchema.safeParse(safeJson(response.body));
    return parsed.success ? { state: "done", token: parsed.data.token } : { state: "failed", message: texts.errors.unexpected };
  }
  const code = (safeJson(response.body) as { error?: { code?: unknown } } | null)?.error?.code;
  if (code === "authorization_pending") return { state: "pending", slowDown: false };
  if (code === "slow_down") return { state: "pending", slowDown: true };
  if (code === "access_denied") return { state: "failed", message: texts.pairing.denied };
  if (code === "expired_token" || code === "invalid_grant") return { state: "failed", message: texts.pairing.expired };
  return { state: "failed", message: errorMessage(response) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
