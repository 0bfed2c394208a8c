// "Truppenübersicht einfügen": the troops overview copied out of the game, sent to the server, which reads
// it (the protocol's troops overview parser) and keeps the player's villages. Used by Truppen and Raubzug.
import { PasteImportModal } from "@/components/ui/paste-import-modal";
import { alert } from "@/lib/alerts";
import { useImportTroops } from "../api/troops-api";
import { troopTexts as texts } from "../texts";

export function TroopsPasteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const importTroops = useImportTroops();
  return (
    <PasteImportModal
      opened={opened}
      onClose={onClose}
      texts={{ title: texts.importTitle, label: texts.importLabel, hint: texts.importHint, submit: texts.importSubmit, problems: texts.importProblems }}
      onImport={async (text) => (await importTroops.mutateAsync(text)).message}
      onImported={(message) => alert.success(message)}
    />
  );
}
