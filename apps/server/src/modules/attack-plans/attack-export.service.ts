// A plan's attacks out in every format, bounded: the size is estimated from the
// number of selected attacks and a typical attack before any is read, and an export over the limit is
// refused in German; the attacks are then read and written ROW_CHUNK at a time with a turn of the event
// loop between, and the text stops at the limit whatever the estimate said.
import type { AttackExport, AttackTextRow, ExportWriter } from "@dsbot/protocol";
import { attackPlanMessages, attackTextWriter, csvWriter, defaultTemplate, dswbWriter, estimateExport, jsonWriter, typicalAttackTextRow } from "@dsbot/protocol";
import type { Database } from "../../db/client.js";
import type { AttackPlanRow } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import { attackTextRow } from "./attack-plans.presenter.js";
import { countSelected, selectedAttackChunks } from "./attacks.service.js";
import { findPlanWorld, planTimeZone, tribesOfPlayers } from "../worlds/index.js";

const megabytes = (chars: number) => (chars / 1_000_000).toLocaleString("de-DE", { maximumFractionDigits: 1 });

function refuseAbove(chars: number, maxChars: number): void {
  if (chars > maxChars) throw badRequest(attackPlanMessages.exportTooLarge(megabytes(chars), megabytes(maxChars)));
}

/** The format's parts for `count` attacks; a German 400 for a template with errors. */
function writerFor(plan: AttackPlanRow, input: AttackExport, count: number, timeZone: string, millisArrival: boolean): ExportWriter<AttackTextRow> {
  switch (input.format) {
    case "json":
      return jsonWriter({ name: plan.name, world: plan.worldWorld });
    case "csv":
      return csvWriter(timeZone);
    case "dswb":
      // The stored village ids: DS Workbench names villages by id, whatever the world's data says today.
      // Attacks DS Workbench holds equal are one line with their count (it keeps only one of equal lines).
      return dswbWriter({ millisArrival });
    case "bbcode":
    case "plain": {
      const template = input.template ?? defaultTemplate(input.format);
      const writer = attackTextWriter(count, { template, format: input.format, world: { server: plan.worldServer, world: plan.worldWorld }, timeZone, millisArrival });
      if (!writer.ok) throw badRequest(attackPlanMessages.exportFailed, writer.errors.map((message) => ({ path: "template", message })));
      return writer.value;
    }
  }
}

/** Text as it stands inside a JSON string (without the quotes). */
const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

/** Lines per escaped piece of a merging writer's held-back text, a turn of the event loop between. */
const END_LINES = 2000;

/** `text` (whole lines) escaped for JSON in pieces of END_LINES lines, yielding the event loop between them. */
async function escapedInPieces(text: string, out: string[]): Promise<void> {
  let start = 0;
  while (start < text.length) {
    let end = start;
    for (let n = 0; n < END_LINES && end < text.length; n++) {
      const next = text.indexOf("\n", end);
      end = next < 0 ? text.length : next + 1;
    }
    out.push(jsonEscaped(text.slice(start, end)));
    start = end;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The answer (AttackExportResponse as JSON text) with the selected attacks (all without a selection),
 * those still to be sent first, each part in send order (selectedAttackChunks), in the chosen format, at
 * most `maxChars` long. The text is escaped for JSON a chunk at a time: stringifying 20 MB at the end
 * held the event loop for a few hundred ms.
 */
export async function exportAttacks(db: Database, plan: AttackPlanRow, input: AttackExport, maxChars: number): Promise<string> {
  const count = await countSelected(db, plan.id, input.selection);
  const world = await findPlanWorld(db, plan);
  const writer = writerFor(plan, input, count, planTimeZone(plan, world), world?.config?.commands.millisArrival ?? true);
  refuseAbove(estimateExport(writer, count, typicalAttackTextRow), maxChars);
  const parts = [`{"text":"${jsonEscaped(writer.header)}`];
  let size = writer.header.length + writer.footer.length;
  let written = 0;
  // The players' tribes as the world's data has them now, for the text formats' %…_ALLY…% variables.
  const tribesWorld = input.format === "bbcode" || input.format === "plain" ? world : undefined;
  for await (const chunk of selectedAttackChunks(db, plan.id, input.selection)) {
    const lines: string[] = [];
    const players = chunk.flatMap((row) => [row.attackerId, row.defenderId]).filter((id): id is number => id !== null);
    const tribes = tribesWorld ? await tribesOfPlayers(db, tribesWorld.id, players) : undefined;
    for (const row of chunk) {
      const line = writer.line(attackTextRow(row, tribes), written++);
      size += line.length;
      // Longer lines than the typical one: refused as soon as the text passes the limit, with the size it was heading for.
      if (size > maxChars) refuseAbove(Math.round((size / written) * Math.max(count, written)), maxChars);
      lines.push(line);
    }
    parts.push(jsonEscaped(lines.join("")));
  }
  // A merging writer (DS Workbench) writes its lines only now that every attack is counted.
  const held = writer.end?.() ?? "";
  size += held.length;
  if (size > maxChars) refuseAbove(size, maxChars);
  await escapedInPieces(held, parts);
  parts.push(`${jsonEscaped(writer.footer)}","count":${written}}`);
  return parts.join("");
}
