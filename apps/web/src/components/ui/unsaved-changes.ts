// Warns before unsaved changes of a form are lost: leaving the route inside the app asks first (the
// router's useBlocker, with the shared confirm dialog: "Verwerfen" leaves, "Weiter bearbeiten" stays),
// and closing or reloading the tab gets the browser's own question (beforeunload; browsers show their
// own text, not ours). Needs a data router (createBrowserRouter, as app/router.tsx builds).
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { commonTexts } from "@/config/texts";
import { confirm } from "./confirm-store";

export function useUnsavedChangesGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void confirm({
      title: commonTexts.unsavedTitle,
      message: commonTexts.unsavedMessage,
      confirmLabel: commonTexts.unsavedDiscard,
      cancelLabel: commonTexts.unsavedStay,
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
