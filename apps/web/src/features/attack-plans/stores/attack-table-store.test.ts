// The attack table's kept preferences: a plan opens on "Nur offene"; preferences kept before that default
// take it only where the filter was never touched.
import { attackStatuses } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { attackTableDefaults, isOpenOnly, migrateAttackTablePrefs } from "./attack-table-store";

const kept = { activePage: 3, perPage: 25, searchVal: "kalle", sortBy: "-defender", hiddenColumns: ["priority"] };

describe("attack table preferences", () => {
  it("open on 'Nur offene': planned and due", () => {
    expect(attackTableDefaults.statusFilter).toEqual(["planned", "due"]);
    expect(isOpenOnly(attackTableDefaults.statusFilter)).toBe(true);
  });

  it("kept with every status before (the old default) take 'Nur offene', the rest as kept", () => {
    expect(migrateAttackTablePrefs({ ...kept, statusFilter: [...attackStatuses] }, 1)).toEqual({ ...kept, statusFilter: ["planned", "due"] });
  });

  it("keep a status filter the player chose", () => {
    expect(migrateAttackTablePrefs({ ...kept, statusFilter: ["sent", "failed"] }, 1).statusFilter).toEqual(["sent", "failed"]);
    // Chosen after the new default (version 2), every status stays every status.
    expect(migrateAttackTablePrefs({ ...kept, statusFilter: [...attackStatuses] }, 2).statusFilter).toEqual([...attackStatuses]);
  });
});
