// The planner's window times in the repeated autumn hour: refused with the question until the
// occurrence is chosen, then read as the instant chosen; a handed-over deadline keeps its occurrence.
import { describe, expect, it } from "vitest";
import { handedValues } from "./planner-handoff-values";
import { checkPlanner, defaultPlannerValues, toPlannerRequest } from "./planner-form";

const BERLIN = "Europe/Berlin";
const now = Date.UTC(2030, 9, 20, 12);

describe("planner window in the repeated autumn hour (27.10.2030, Europe/Berlin)", () => {
  it("asks at the field, then takes the occurrence chosen", () => {
    const values = { ...defaultPlannerValues(BERLIN, now), targets: "510|490", windowFrom: "27.10.2030 02:10:00", windowTo: "27.10.2030 05:00:00" };
    expect(checkPlanner(values, BERLIN).windowFrom).toMatch(/^„27\.10\.30 02:10:00:000“ gibt es in Europe\/Berlin zweimal/);
    expect(checkPlanner(values, BERLIN).windowTo).toBeUndefined();
    const second = { ...values, repeatedHours: { windowFrom: "second" as const } };
    expect(checkPlanner(second, BERLIN).windowFrom).toBeUndefined();
    expect(toPlannerRequest(second, false, BERLIN).settings.window.from).toBe(Date.UTC(2030, 9, 27, 1, 10));
    expect(toPlannerRequest({ ...values, repeatedHours: { windowFrom: "first" } }, false, BERLIN).settings.window.from).toBe(Date.UTC(2030, 9, 27, 0, 10));
  });

  it("keeps the occurrence of a handed-over deadline", () => {
    const arriveBy = Date.UTC(2030, 9, 27, 1, 30, 0, 250); // the second 02:30:00:250
    const values = handedValues(defaultPlannerValues(BERLIN, now), { targets: "500|500", defend: { arriveBy } }, BERLIN, now);
    expect(values).toMatchObject({ windowTo: "27.10.2030 02:30:00:250", repeatedHours: { windowTo: "second" } });
    expect(toPlannerRequest(values, false, BERLIN).settings.window.to).toBe(arriveBy);
  });
});
