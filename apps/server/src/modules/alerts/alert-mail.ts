// E-mail alerts through the SMTP server an admin configured (DSBOT_SMTP_*): the server's name passes the
// target guard on every send (an SMTP port, public addresses unless private targets are allowed) and the
// connection goes to the checked address only, with TLS checked against the configured name. A 5xx
// answer will not change (failed), a 4xx or no answer is tried again by the outbox's backoff.
import { isIP } from "node:net";
import { alertDeliveryMessages } from "@dsbot/protocol";
import nodemailer from "nodemailer";
import type { SmtpConfig } from "../../core/config.js";
import type { AlertMessage } from "../../db/schema.js";
import type { SendOutcome } from "./alert-senders.js";
import { plainText } from "./alert-senders.js";
import { checkHost, TARGET_SMTP_PORTS, TargetRefusedError, type TargetPolicy } from "./target-guard.js";

export const SMTP_TIMEOUT_MS = 10_000;

export interface MailInput {
  to: string;
  message: AlertMessage;
  /** The message's idempotency key: the mail's X-Dsbot-Delivery header. */
  key: string;
  baseUrl: string;
}

/** Sends one alert by e-mail; answers the outcome with the SMTP reply code (null when none came). */
export async function sendAlertMail(smtp: SmtpConfig | undefined, policy: TargetPolicy, input: MailInput): Promise<SendOutcome & { status: number | null }> {
  if (!smtp) return { kind: "failed", error: alertDeliveryMessages.noSmtp, status: null };
  let address: string;
  try {
    const target = await checkHost(smtp.host, smtp.port, TARGET_SMTP_PORTS, policy);
    address = target.addresses[0]?.address ?? smtp.host;
  } catch (error) {
    if (error instanceof TargetRefusedError) {
      const text = error.reason === "port" ? alertDeliveryMessages.smtpPort : alertDeliveryMessages.targetRefused[error.reason];
      return { kind: "failed", error: text, status: null };
    }
    throw error;
  }
  const transport = nodemailer.createTransport({
    host: address,
    port: smtp.port,
    secure: smtp.security === "tls",
    requireTLS: smtp.security === "starttls",
    ignoreTLS: smtp.security === "none",
    // The certificate is checked against the configured name, not the address connected to.
    tls: isIP(smtp.host) === 0 ? { servername: smtp.host } : {},
    ...(smtp.auth ? { auth: smtp.auth } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: smtp.from,
      to: input.to,
      subject: `dsbot: ${input.message.title}`,
      text: plainText(input.message, input.baseUrl),
      headers: { "X-Dsbot-Delivery": input.key, "X-Dsbot-Event": input.message.event },
    });
    return { kind: "delivered", status: 250 };
  } catch (error) {
    const code = typeof (error as { responseCode?: unknown }).responseCode === "number" ? (error as { responseCode: number }).responseCode : null;
    const detail = ((error as { response?: unknown }).response as string | undefined) ?? (error instanceof Error ? error.message : String(error));
    if (code !== null && code >= 500) return { kind: "failed", error: alertDeliveryMessages.smtpRefused(code, detail), status: code };
    if (code !== null) return { kind: "retry", error: alertDeliveryMessages.smtpRefused(code, detail), status: code };
    return { kind: "retry", error: alertDeliveryMessages.smtpFailed(detail), status: null };
  } finally {
    transport.close();
  }
}
