// Pairing through the device flow (RFC 8628 style): ask for a code pair, show the user code and
// link, poll for the token at the server's interval (+5 s on slow_down) until approved or refused.
import { apiErrorSchema, deviceResponseSchema, deviceTokenResponseSchema, dsbotAuthRoutes, type DeviceTokenResponse } from "@dsbot/protocol";
import { pairingMessages } from "./messages.js";

export interface PairingCode {
  userCode: string;
  link: string;
  expiresIn: number;
}

export interface PairOptions {
  server: string;
  name: string;
  onCode(code: PairingCode): void;
  sleep?: (ms: number) => Promise<void>;
}

const SLOW_DOWN_SECONDS = 5;

export class PairingError extends Error {}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const serverBase = (server: string) => server.replace(/\/+$/, "");

async function post(url: string, body: object): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch (error) {
    throw new PairingError(pairingMessages.unreachable(url, error instanceof Error ? error.message : String(error)));
  }
  return { status: response.status, json: await response.json().catch(() => null) };
}

export async function pairDevice(options: PairOptions): Promise<DeviceTokenResponse> {
  const base = serverBase(options.server);
  const sleep = options.sleep ?? wait;
  const started = await post(`${base}${dsbotAuthRoutes.device.path}`, { name: options.name });
  const device = deviceResponseSchema.safeParse(started.json);
  if (started.status !== 200 || !device.success) throw new PairingError(pairingMessages.startFailed(started.status));
  const { deviceCode, userCode, expiresIn } = device.data;
  options.onCode({ userCode, link: `${base}/dsbot-auth?code=${encodeURIComponent(userCode)}`, expiresIn });

  let interval = device.data.interval;
  for (;;) {
    await sleep(interval * 1000);
    const polled = await post(`${base}${dsbotAuthRoutes.token.path}`, { deviceCode });
    if (polled.status === 200) {
      const token = deviceTokenResponseSchema.safeParse(polled.json);
      if (token.success) return token.data;
    }
    const code = apiErrorSchema.safeParse(polled.json).data?.error.code;
    if (code === "authorization_pending") continue;
    if (code === "slow_down") {
      interval += SLOW_DOWN_SECONDS;
      continue;
    }
    throw new PairingError(pairingMessages.refusals[code ?? ""] ?? pairingMessages.unexpectedAnswer(polled.status));
  }
}
