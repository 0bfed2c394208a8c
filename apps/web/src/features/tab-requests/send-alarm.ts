// The send alarm: `seconds` before the send time of a tab request for an attack (it arrives at most a
// minute before, attack-clock.ts on the server), the open dsbot tab beeps, shows a warning and, in the
// background with the browser's notifications on, a system notification. Set per browser (kept in it);
// a request that is done, or whose attack went or was called off, rings no more.
import type { TabRequest } from "@dsbot/protocol";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { browserPermission, useBrowserAlerts } from "@/features/notifications";
import { alert } from "@/lib/alerts";
import { tabRequestTexts } from "./texts";

export const SEND_ALARM_STORAGE_KEY = "dsbot-send-alarm";
export const SEND_ALARM_SECONDS_MIN = 5;
export const SEND_ALARM_SECONDS_MAX = 55;

interface SendAlarmState {
  enabled: boolean;
  seconds: number;
  set: (settings: Partial<Pick<SendAlarmState, "enabled" | "seconds">>) => void;
}

export const useSendAlarm = create<SendAlarmState>()(
  persist((set) => ({ enabled: true, seconds: 10, set: (settings) => set(settings) }), {
    name: SEND_ALARM_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
  }),
);

/** Three short beeps (Web Audio; a browser without it stays silent). */
export function beep(): void {
  const Context = (window as unknown as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    for (let i = 0; i < 3; i++) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.value = 0.2;
      tone.connect(gain).connect(audio.destination);
      const start = audio.currentTime + i * 0.3;
      tone.start(start);
      tone.stop(start + 0.15);
    }
    window.setTimeout(() => void audio.close(), 1500);
  } catch {
    // A browser that refuses sound before the first click: the warning still shows.
  }
}

/** Request id → its timer and its attack. */
const timers = new Map<number, { timer: number; attackId: number }>();

function ring(request: TabRequest, seconds: number): void {
  const attack = request.attack;
  if (!attack) return;
  beep();
  alert.warning(tabRequestTexts.alarm(seconds, attack.from, attack.to, attack.planName), { id: `send-alarm-${request.id}` });
  if (useBrowserAlerts.getState().enabled && browserPermission() === "granted" && document.visibilityState === "hidden") {
    new window.Notification(tabRequestTexts.alarmTitle(seconds), { body: `${attack.from} → ${attack.to} (${attack.planName})`, tag: `dsbot-send-alarm-${request.id}` });
  }
}

/** Rings `seconds` before the request's send time (at once when that is just past); none when switched off. */
export function scheduleSendAlarm(request: TabRequest, now = Date.now()): void {
  const { enabled, seconds } = useSendAlarm.getState();
  if (!enabled || request.kind !== "attack" || !request.attack || request.doneAt !== null || timers.has(request.id)) return;
  // A request that comes later than its alarm time rings at once, until its send time is past.
  if (request.attack.sendTime <= now) return;
  const wait = request.attack.sendTime - seconds * 1000 - now;
  const sendTime = request.attack.sendTime;
  const timer = window.setTimeout(() => {
    timers.delete(request.id);
    ring(request, Math.max(0, Math.round((sendTime - Date.now()) / 1000)));
  }, Math.max(0, wait));
  timers.set(request.id, { timer, attackId: request.attack.id });
}

/** The alarms of these requests ring no more (done); with none: all of them (signed out). */
export function cancelSendAlarms(requestIds?: readonly number[]): void {
  for (const id of requestIds ?? [...timers.keys()]) {
    window.clearTimeout(timers.get(id)?.timer);
    timers.delete(id);
  }
}

/** The alarms of the requests for these attacks ring no more (sent, expired, cancelled). */
export function cancelSendAlarmsOfAttacks(attackIds: ReadonlySet<number>): void {
  cancelSendAlarms([...timers].filter(([, t]) => attackIds.has(t.attackId)).map(([id]) => id));
}
