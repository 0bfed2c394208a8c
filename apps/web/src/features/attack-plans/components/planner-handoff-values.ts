// The planner's first values when another page handed something over: the Koordinaten Filter's targets,
// or "Verteidigen" on Eingehende Angriffe — one support per target from every bot of the user on the
// plan's world, leaving a minute from now at the earliest and landing by the deadline before the
// incoming attack (the server plans it so: the request's `defend`).
import type { World } from "@dsbot/protocol";
import { DEFEND_LEAD_MS } from "@dsbot/protocol";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, type Dispatch, type SetStateAction } from "react";
import type { PlannerHandoff } from "@/lib/planner-handoff";
import { plannerBotsQueryOptions } from "../api/planner-api";
import { inputTimeOf } from "../lib/times";
import type { PlannerFormValues } from "./planner-form";

export function handedValues(base: PlannerFormValues, handoff: PlannerHandoff | undefined, zone: string, now = Date.now()): PlannerFormValues {
  if (!handoff) return base;
  const values = { ...base, targets: handoff.targets };
  if (!handoff.defend) return values;
  const from = inputTimeOf(Math.ceil((now + DEFEND_LEAD_MS) / 1000) * 1000, zone, false);
  const to = inputTimeOf(handoff.defend.arriveBy, zone, true);
  return {
    ...values,
    source: "bots",
    defend: true,
    counts: { attack: 0, conquer: 0, fake: 0, wallbreaker: 0, support: 1 },
    windowFrom: from.text,
    windowTo: to.text,
    repeatedHours: { windowFrom: from.repeatedHour, windowTo: to.repeatedHour },
  };
}

/** "Verteidigen": once the user's bots are loaded, every bot on the plan's world sends (unless some were chosen). */
export function useDefendWithAllBots(
  handoff: PlannerHandoff | undefined,
  world: World,
  values: PlannerFormValues,
  setValues: Dispatch<SetStateAction<PlannerFormValues>>,
): void {
  const bots = useQuery({ ...plannerBotsQueryOptions(), enabled: Boolean(handoff?.defend) });
  const done = useRef(false);
  const data = bots.data;
  useEffect(() => {
    if (!handoff?.defend || done.current || !data || values.dsbotIds.length > 0) return;
    done.current = true;
    const ids = data.dsbots.filter((bot) => bot.world.server === world.server && bot.world.world === world.world).map((bot) => String(bot.id));
    if (ids.length > 0) setValues((current) => ({ ...current, dsbotIds: ids }));
  }, [handoff, data, world.server, world.world, values.dsbotIds.length, setValues]);
}
