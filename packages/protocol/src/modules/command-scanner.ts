// Auge: scans incoming (and optionally outgoing) commands and reports them to the dashboard.
import { z } from "zod";
import { enabledField, intField } from "./fields.js";

export const commandScannerModuleSchema = z
  .object({
    enabled: enabledField,
    intervalSeconds: intField(30, 3600, 120),
    scanIncomings: z.boolean().default(true),
    scanOutgoing: z.boolean().default(false),
    notifyOnNobles: z.boolean().default(true),
  })
  .refine((m) => m.scanIncomings || m.scanOutgoing, {
    message: "Mindestens eine Richtung muss gescannt werden",
    path: ["scanIncomings"],
  });
