// Delete a bot after a confirmation ('Löschen bestätigen'); a failed delete gives false.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { alert } from "@/lib/alerts";
import { botTexts } from "../texts";
import { botKeys, deleteBot } from "./bots-api";

/** Asks, deletes and reports; resolves true when the bot was deleted. */
export function useConfirmDeleteBot(): (id: number) => Promise<boolean> {
  const client = useQueryClient();
  return useCallback(
    async (id: number) => {
      const confirmed = await confirm({
        title: botTexts.deleteTitle,
        message: botTexts.deleteMessage,
        confirmLabel: botTexts.deleteConfirm,
        cancelLabel: botTexts.cancel,
        danger: true,
      });
      if (!confirmed) return false;
      const ok = await deleteBot(id);
      if (!ok) {
        alert.danger(botTexts.deleteFailed);
        return false;
      }
      alert.success(botTexts.deleted);
      client.removeQueries({ queryKey: botKeys.detail(id) });
      await client.invalidateQueries({ queryKey: botKeys.lists });
      return true;
    },
    [client],
  );
}
