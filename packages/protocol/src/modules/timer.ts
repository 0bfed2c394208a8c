// Timer: the hours per weekday in which the bot may act, plus random breaks to look human.
import { z } from "zod";
import { enabledField, intField, timeOfDayField } from "./fields.js";

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const weekdayLabels: Record<(typeof weekdays)[number], string> = {
  mon: "Montag",
  tue: "Dienstag",
  wed: "Mittwoch",
  thu: "Donnerstag",
  fri: "Freitag",
  sat: "Samstag",
  sun: "Sonntag",
};

const daySchema = z
  .object({ active: z.boolean().default(true), from: timeOfDayField("07:00"), to: timeOfDayField("23:30") })
  .prefault({})
  .refine((d) => !d.active || d.from !== d.to, { message: "Start und Ende dürfen nicht gleich sein", path: ["to"] });

export const timerModuleSchema = z.object({
  enabled: enabledField,
  days: z.object(Object.fromEntries(weekdays.map((d) => [d, daySchema])) as Record<(typeof weekdays)[number], typeof daySchema>).prefault({}),
  breaks: z
    .object({
      enabled: z.boolean().default(true),
      everyMinutesMin: intField(10, 600, 45),
      everyMinutesMax: intField(10, 600, 90),
      lengthMinutesMin: intField(1, 240, 5),
      lengthMinutesMax: intField(1, 240, 20),
    })
    .prefault({})
    .refine((b) => b.everyMinutesMin <= b.everyMinutesMax, { message: "Minimum größer als Maximum", path: ["everyMinutesMax"] })
    .refine((b) => b.lengthMinutesMin <= b.lengthMinutesMax, { message: "Minimum größer als Maximum", path: ["lengthMinutesMax"] }),
});
