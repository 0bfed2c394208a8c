// Offplaner Scanner: executes the attacks of chosen attack plans at their send time.
import { z } from "zod";
import { enabledField, intField } from "./fields.js";

export const missingUnitsPolicies = ["skip", "send_available", "tab_request"] as const;
export const missingUnitsPolicyLabels: Record<(typeof missingUnitsPolicies)[number], string> = {
  skip: "Überspringen",
  send_available: "Vorhandene Truppen schicken",
  tab_request: "Tab-Anfrage erstellen",
};

export const attackPlannerScannerModuleSchema = z.object({
  enabled: enabledField,
  attackPlanIds: z.array(z.number().int().positive()).max(100, "Höchstens 100 Pläne").default([]),
  sendOffsetMs: intField(-2000, 2000, 0),
  leadTimeSeconds: intField(5, 600, 30),
  onMissingUnits: z.enum(missingUnitsPolicies, { error: "Ungültiger Wert" }).default("tab_request"),
});
