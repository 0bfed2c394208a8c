// Before the Umbenenner is switched on from the bot's page, the player sees what it would change: how
// many villages it renames and incoming attacks it tags, with an example each (renamerSummary), and
// confirms. The naming rules (and zod with them) load only when asked.
import type { QueryClient } from "@tanstack/react-query";
import { confirm } from "@/components/ui/confirm-store";
import { botModuleQueryOptions } from "../api/bots-api";
import { renamerPreviewQueryOptions } from "../api/module-data-api";
import { botTexts } from "../texts";
import { botVillagesQueryOptions } from "./bot-villages";

const texts = botTexts.renamerPreview;

async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch {
    return null;
  }
}

/** Resolves true when the player confirms switching the Umbenenner on. */
export async function confirmRenamerOn(client: QueryClient, botId: number): Promise<boolean> {
  const [{ renamerConfigOf, renamerSummary }, module, villages, preview] = await Promise.all([
    import("./renamer-preview-model"),
    orNull(client.fetchQuery(botModuleQueryOptions(botId, "renamer"))),
    orNull(client.fetchQuery(botVillagesQueryOptions(botId))),
    orNull(client.fetchQuery(renamerPreviewQueryOptions(botId))),
  ]);
  const config = renamerConfigOf(module?.module);
  const known = villages && villages.villages.length > 0 ? villages.villages : null;
  return confirm({
    title: texts.confirmTitle,
    message: renamerSummary(config, known, preview),
    confirmLabel: texts.confirmLabel,
  });
}
