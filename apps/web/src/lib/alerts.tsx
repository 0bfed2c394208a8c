// The app's alerts on top of sonner: success/info/warning/danger, 5000 ms by
// default, and the network-error warning (20000 ms) that never shows twice at once. sonner loads with
// the first alert (lib/sonner-loader): an alert counts as shown at once (store), its toast and its
// countdown start when sonner is there.
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { create } from "zustand";
import { paths } from "@/config/paths";
import { commonTexts } from "@/config/texts";
import { loadedSonner, sonnerRequested, withSonner } from "./sonner-loader";
import { endToastLifetime, startToastLifetime } from "./toast-lifetime";

export type AlertVariant = "success" | "info" | "warning" | "danger";

export interface Alert {
  id: string;
  message: string;
  variant: AlertVariant;
  color: string;
  icon: string;
  timeout: number;
}

export interface AlertOptions {
  /** Display time in ms (default 5000). */
  timeout?: number;
  /** A fixed id: showing an alert with the id of a visible one replaces it. */
  id?: string;
}

export const ALERT_TIMEOUT = 5000;
export const NETWORK_ERROR_TIMEOUT = 20000;
export const NETWORK_ERROR_ALERT_ID = "network-error";

const variantMeta: Record<AlertVariant, { color: string; icon: string; render: ReactNode; sonner: "success" | "info" | "warning" | "error" }> = {
  success: { color: "teal", icon: "IconCircleCheck", render: <IconCircleCheck size={18} />, sonner: "success" },
  info: { color: "blue", icon: "IconInfoCircle", render: <IconInfoCircle size={18} />, sonner: "info" },
  warning: { color: "yellow", icon: "IconAlertTriangle", render: <IconAlertTriangle size={18} />, sonner: "warning" },
  danger: { color: "red", icon: "IconAlertCircle", render: <IconAlertCircle size={18} />, sonner: "error" },
};

interface AlertState {
  alerts: Alert[];
  add: (alert: Alert) => void;
  remove: (id: string) => void;
}

/** The alerts currently on screen (added when shown, removed when closed or dismissed). */
export const useAlertStore = create<AlertState>()((set) => ({
  alerts: [],
  add: (alert) => set((state) => ({ alerts: [...state.alerts.filter((a) => a.id !== alert.id), alert] })),
  remove: (id) => set((state) => ({ alerts: state.alerts.filter((a) => a.id !== id) })),
}));

let counter = 0;

function show(variant: AlertVariant, message: string, options: AlertOptions = {}): string {
  const id = options.id ?? `alert-${Date.now().toString(36)}-${(counter++).toString(36)}`;
  const timeout = options.timeout ?? ALERT_TIMEOUT;
  const meta = variantMeta[variant];
  const { add, remove } = useAlertStore.getState();
  add({ id, message, variant, color: meta.color, icon: meta.icon, timeout });
  const forget = () => {
    endToastLifetime(id);
    remove(id);
  };
  withSonner(({ toast }) => {
    toast[meta.sonner](
      <span data-variant={variant} data-alert-id={id}>
        {message}
      </span>,
      {
        id,
        // The countdown runs in toast-lifetime (it also pauses on focus); sonner only shows the toast.
        duration: Infinity,
        icon: meta.render,
        testId: `alert-${variant}`,
        className: `dsbot-alert dsbot-alert--${variant}`,
        onDismiss: forget,
      },
    );
    startToastLifetime(id, timeout, () => alert.dismiss(id));
  });
  return id;
}

export const alert = {
  success: (message: string, options?: AlertOptions) => show("success", message, options),
  info: (message: string, options?: AlertOptions) => show("info", message, options),
  warning: (message: string, options?: AlertOptions) => show("warning", message, options),
  danger: (message: string, options?: AlertOptions) => show("danger", message, options),
  dismiss: (id: string) => {
    endToastLifetime(id);
    useAlertStore.getState().remove(id);
    // An alert still waiting for sonner is closed right after it was handed over.
    if (sonnerRequested()) {
      withSonner(({ toast }) => {
        toast.dismiss(id);
        endToastLifetime(id);
      });
    }
  },
};

function onLoginPage(): boolean {
  return window.location.pathname === paths.login;
}

/** The network-error warning, not on Login, and only when none is already showing. */
export function showNetworkErrorAlert(): void {
  if (onLoginPage()) return;
  if (useAlertStore.getState().alerts.some((a) => a.id === NETWORK_ERROR_ALERT_ID)) return;
  alert.warning(commonTexts.networkError, { timeout: NETWORK_ERROR_TIMEOUT, id: NETWORK_ERROR_ALERT_ID });
}

/** Re-initialisation on Home: forget stale bookkeeping of alerts that are no longer on screen. */
export function setupAlerts(): void {
  // Without sonner no toast was ever handed over, and alerts waiting for it are not stale.
  const sonner = loadedSonner();
  if (!sonner) return;
  const visible = new Set(sonner.toast.getToasts().map((t) => String(t.id)));
  const { alerts, remove } = useAlertStore.getState();
  for (const a of alerts) if (!visible.has(a.id)) remove(a.id);
}
