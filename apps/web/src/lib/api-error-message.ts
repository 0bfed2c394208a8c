// Turn any thrown value into the German message to show, and report failed actions as danger alerts.
import { commonTexts } from "@/config/texts";
import { alert } from "./alerts";
import { ApiError } from "./api";

export function errorMessage(error: unknown): string {
  // The network warning alert already carries the long text; inline states say it briefly.
  if (error instanceof ApiError) return error.isNetworkError ? commonTexts.serverUnreachable : error.message;
  return commonTexts.unexpectedError;
}

/**
 * A danger alert for a failed action. Network failures already raised the network warning and a 401
 * already logged the user out, so those stay silent here (never two alerts for one failure).
 */
export function alertError(error: unknown): void {
  if (error instanceof ApiError && (error.isNetworkError || error.status === 401)) return;
  alert.danger(errorMessage(error));
}
