// Revoking one of the caller's own runners (profile and Dsbot Auth): ask first, then revoke and say so.
import type { TokenScope } from "@dsbot/protocol";
import { confirm } from "@/components/ui/confirm-store";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { accountTexts } from "./texts";

export async function revokeOwnRunner(runner: { id: number; name: string; scope?: TokenScope }, revoke: (id: number) => Promise<unknown>): Promise<void> {
  const userscript = runner.scope === "userscript";
  const confirmed = await confirm({
    title: userscript ? accountTexts.revokeOwnUserscriptTitle : accountTexts.revokeOwnRunnerTitle,
    message: userscript ? accountTexts.revokeOwnUserscriptMessage(runner.name) : accountTexts.revokeOwnRunnerMessage(runner.name),
    confirmLabel: accountTexts.revokeRunner,
    danger: true,
  });
  if (!confirmed) return;
  try {
    await revoke(runner.id);
    alert.success(accountTexts.runnerRevoked(runner.name));
  } catch (error) {
    alertError(error);
  }
}
