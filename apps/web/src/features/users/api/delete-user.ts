// Delete a user after a confirmation ('Löschen bestätigen').
import { useCallback } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { userTexts } from "../texts";
import { useDeleteUser } from "./users-api";

/** Returns a function that asks, deletes and reports; it resolves true when the user was deleted. */
export function useConfirmDeleteUser(): (id: number) => Promise<boolean> {
  const { mutateAsync } = useDeleteUser();
  return useCallback(async (id: number) => {
    const confirmed = await confirm({
      title: userTexts.deleteTitle,
      message: userTexts.deleteMessage,
      confirmLabel: userTexts.deleteConfirm,
      danger: true,
    });
    if (!confirmed) return false;
    try {
      await mutateAsync(id);
      alert.success(userTexts.deleted);
      return true;
    } catch (error) {
      alertError(error);
      return false;
    }
  }, [mutateAsync]);
}
