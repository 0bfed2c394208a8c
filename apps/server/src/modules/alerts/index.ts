// The module's front door: what other server code may use of it. Everything else is internal.
import type { ServerModule } from "../../platform/server-module.js";
import { alertsRoutes } from "./alerts.routes.js";
export type { CheckedTarget, PostAnswer, ResolveAll, TargetPolicy, TargetRefusal } from "./target-guard.js";
export { checkHost, checkWebTarget, isPublicAddress, postToTarget, TARGET_SMTP_PORTS, TARGET_WEB_PORTS, TargetRefusedError } from "./target-guard.js";
export type { DeliveryContext } from "./alert-outbox.js";
export { ALERT_DELIVERY_INTERVAL_MS, deliverDue, enqueueAlert } from "./alert-outbox.js";
export { alertAhead, ATTACK_SOON_INTERVAL_MS } from "./attack-soon.js";
export { DAILY_REPORT_INTERVAL_MS, sendDailyReports } from "./daily-report.js";

/** Registered by app.ts: the alert channels' routes. */
export const alertsModule: ServerModule = {
  name: "alerts",
  routes: [alertsRoutes],
};
