// How each kind of channel is sent to, and how its answer is read. Discord: the webhook's execute call
// (content up to 2,000 characters, no mentions); a 429 says `retry_after` in seconds in its JSON body
// (discord.com/developers/docs/topics/rate-limits). Telegram: the Bot API's sendMessage (text up to
// 4,096 characters); a 429 says `parameters.retry_after` in seconds (core.telegram.org/bots/api,
// ResponseParameters). A webhook of one's own: a JSON body signed with the channel's key —
// `X-Dsbot-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` with `X-Dsbot-Timestamp` in
// Unix seconds, so a receiver can refuse a replay, and `X-Dsbot-Delivery`, the message's idempotency
// key, so it can drop a repeat (docs/FORMATS.md, "Alert webhooks").
import { createHmac } from "node:crypto";
import type { AlertChannelKind } from "@dsbot/protocol";
import { alertDeliveryMessages, notificationLinkPath } from "@dsbot/protocol";
import type { AlertMessage } from "../../db/schema.js";
import type { PostAnswer } from "./target-guard.js";

/** The secrets of each kind, sealed together in the channel's row. */
export interface AlertSecrets {
  discord: { webhookId: string; token: string };
  telegram: { token: string };
  webhook: { signingKey: string };
  /** The open confirmation code (none once confirmed): `expiresAt` epoch ms, `tries` wrong entries so far. */
  email: { code?: string; expiresAt?: number; tries?: number };
}

export interface AlertRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export type SendOutcome =
  | { kind: "delivered" }
  /** Try again: after `afterMs` when the receiver said so (429), else by the backoff. */
  | { kind: "retry"; error: string; afterMs?: number }
  | { kind: "failed"; error: string };

const DISCORD_MAX = 2000;
const TELEGRAM_MAX = 4096;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The message's link into dsbot as an address: its path, or its notification's page. */
function linkOf(message: AlertMessage, baseUrl: string): string | null {
  const path = message.link ?? (message.about ? notificationLinkPath(message.about) : null);
  return path ? new URL(path, baseUrl).toString() : null;
}

/** The message as plain text: title, text, the link into dsbot. */
export function plainText(message: AlertMessage, baseUrl: string): string {
  return [message.title, message.text, linkOf(message, baseUrl)].filter(Boolean).join("\n");
}

export function signWebhook(signingKey: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", signingKey).update(`${timestamp}.${body}`).digest("hex")}`;
}

export interface RequestInput {
  settings: Record<string, string>;
  message: AlertMessage;
  /** The message's idempotency key. */
  key: string;
  /** dsbot's own address, for the link. */
  baseUrl: string;
  hosts: { discord: string; telegram: string };
  now: number;
}

/** The HTTP request of a web channel (e-mail goes through alert-mail.ts). */
export function alertRequest<K extends Exclude<AlertChannelKind, "email">>(kind: K, secrets: AlertSecrets[K], input: RequestInput): AlertRequest {
  const { message, baseUrl, hosts } = input;
  if (kind === "discord") {
    const { webhookId, token } = secrets as AlertSecrets["discord"];
    return {
      url: `${hosts.discord}/api/webhooks/${encodeURIComponent(webhookId)}/${encodeURIComponent(token)}`,
      body: JSON.stringify({ username: "dsbot", content: clip(plainText(message, baseUrl), DISCORD_MAX), allowed_mentions: { parse: [] } }),
      headers: {},
    };
  }
  if (kind === "telegram") {
    const { token } = secrets as AlertSecrets["telegram"];
    return {
      url: `${hosts.telegram}/bot${token}/sendMessage`,
      body: JSON.stringify({ chat_id: input.settings.chatId, text: clip(plainText(message, baseUrl), TELEGRAM_MAX), disable_web_page_preview: true }),
      headers: {},
    };
  }
  const { signingKey } = secrets as AlertSecrets["webhook"];
  const timestamp = Math.floor(input.now / 1000);
  const body = JSON.stringify({
    id: input.key,
    event: message.event,
    title: message.title,
    text: message.text,
    link: linkOf(message, baseUrl),
    sentAt: new Date(input.now).toISOString(),
  });
  return {
    url: input.settings.url ?? "",
    body,
    headers: {
      "x-dsbot-event": message.event,
      "x-dsbot-delivery": input.key,
      "x-dsbot-timestamp": String(timestamp),
      "x-dsbot-signature": signWebhook(signingKey, timestamp, body),
    },
  };
}

/** Seconds to wait from a 429: the JSON body's (Discord, Telegram), else the Retry-After header. */
function retryAfterSeconds(answer: PostAnswer): number | null {
  try {
    const json = JSON.parse(answer.body) as { retry_after?: unknown; parameters?: { retry_after?: unknown } };
    const seconds = json.retry_after ?? json.parameters?.retry_after;
    if (typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0) return seconds;
  } catch {
    // Not JSON (or cut at the read limit): the header decides.
  }
  return answer.retryAfter;
}

/** What an answer means: 2xx delivered; 429 again when the receiver says; 5xx again; a redirect or another 4xx no more. */
export function judgeAnswer(answer: PostAnswer): SendOutcome {
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: "delivered" };
  if (status === 429) {
    const seconds = retryAfterSeconds(answer);
    if (seconds === null) return { kind: "retry", error: alertDeliveryMessages.rateLimited(0) };
    return { kind: "retry", error: alertDeliveryMessages.rateLimited(seconds), afterMs: Math.ceil(seconds * 1000) };
  }
  if (status >= 300 && status < 400) return { kind: "failed", error: alertDeliveryMessages.redirect(status) };
  if (status >= 500 || status === 408) return { kind: "retry", error: alertDeliveryMessages.serverError(status) };
  return { kind: "failed", error: alertDeliveryMessages.rejected(status) };
}
