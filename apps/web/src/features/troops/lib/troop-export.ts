// Truppen exports: CSV (semicolons, German headers, as spreadsheets in Germany read it) and a BB-code
// table for the tribe forum, both of the chosen view over every filtered village (the server works
// population and class out for that view). CSV cells go through
// the protocol's `csvCell`: a village or player name that starts like a formula stays text.
import type { TroopRow, TroopView, Unit, UnitCounts } from "@dsbot/protocol";
import { csvCell, troopClassLabels, unitLabels } from "@dsbot/protocol";

export type { TroopView };

export function viewCounts(row: TroopRow, view: TroopView): UnitCounts | null {
  return row[view];
}

export function troopsCsv(rows: readonly TroopRow[], columns: readonly Unit[], view: TroopView): string {
  const header = ["Dorf", "Koordinaten", "Spieler", ...columns.map((u) => unitLabels[u]), "Einwohner", "Art"];
  const lines = rows.map((row) => {
    const counts = viewCounts(row, view) ?? {};
    return [row.name, row.coordinates, row.playerName ?? "", ...columns.map((u) => counts[u] ?? 0), row.population, troopClassLabels[row.class]];
  });
  return [header, ...lines].map((line) => line.map((cell) => csvCell(cell)).join(";")).join("\r\n");
}

export function troopsBbcode(rows: readonly TroopRow[], columns: readonly Unit[], view: TroopView): string {
  const head = `[**]Dorf[||]${columns.map((u) => `[unit]${u}[/unit]`).join("[||]")}[||]Einwohner[||]Art[/**]`;
  const body = rows.map((row) => {
    const counts = viewCounts(row, view) ?? {};
    return `[*][coord]${row.coordinates}[/coord][|]${columns.map((u) => counts[u] ?? 0).join("[|]")}[|]${row.population}[|]${troopClassLabels[row.class]}`;
  });
  return `[table]${head}${body.join("")}[/table]`;
}
