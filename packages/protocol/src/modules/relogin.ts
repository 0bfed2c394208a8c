// Relogin: logs the bot back into the game after a session loss.
import { z } from "zod";
import { enabledField, intField } from "./fields.js";

export const captchaPolicies = ["tab_request", "pause"] as const;
export const captchaPolicyLabels: Record<(typeof captchaPolicies)[number], string> = {
  tab_request: "Tab-Anfrage erstellen",
  pause: "Bot pausieren",
};

export const reloginModuleSchema = z.object({
  enabled: enabledField,
  retryIntervalSeconds: intField(10, 3600, 60),
  maxTries: intField(1, 100, 5),
  onCaptcha: z.enum(captchaPolicies, { error: "Ungültiger Wert" }).default("tab_request"),
});
