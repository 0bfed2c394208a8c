// The send alarm: it rings `seconds` before a tab request's send time (beep, warning, a system
// notification in a background tab with the browser's notifications on), not for a request that is
// done or whose attack went, not when switched off, and at once for one that comes after its alarm time.
import type { TabRequest } from "@dsbot/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useBrowserAlerts } from "@/features/notifications";
import { useAlertStore } from "@/lib/alerts";
import { cancelSendAlarms, cancelSendAlarmsOfAttacks, scheduleSendAlarm, useSendAlarm } from "./send-alarm";

const T0 = Date.UTC(2026, 10, 30, 18, 0, 0);

function request(id: number, sendTime: number): TabRequest {
  return {
    id,
    kind: "attack",
    dsbot: null,
    attack: { id: 100 + id, planId: 1, planName: "Offensive", type: "attack", from: "500|500", to: "510|490", units: { axe: 100 }, sendTime, arrivalTime: sendTime + 3_600_000 },
    reason: null,
    message: "",
    cause: "",
    url: "https://de230.die-staemme.de/game.php?screen=place",
    createdAt: new Date(T0).toISOString(),
    doneAt: null,
  };
}

const beeps: number[] = [];
class FakeAudio {
  currentTime = 0;
  destination = {};
  createOscillator() {
    return { frequency: { value: 0 }, connect: (n: unknown) => n, start: () => beeps.push(Date.now()), stop: () => {} };
  }
  createGain() {
    return { gain: { value: 0 }, connect: (n: unknown) => n };
  }
  close() {
    return Promise.resolve();
  }
}

const warnings = () => useAlertStore.getState().alerts.filter((a) => a.variant === "warning").map((a) => a.message);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  beeps.length = 0;
  Object.defineProperty(window, "AudioContext", { value: FakeAudio, configurable: true, writable: true });
  useAlertStore.setState({ alerts: [] });
  useSendAlarm.setState({ enabled: true, seconds: 10 });
});
afterEach(() => {
  cancelSendAlarms();
  vi.useRealTimers();
  Reflect.deleteProperty(window, "AudioContext");
});

describe("the send alarm", () => {
  it("rings the set seconds before the send time: three beeps and the warning", () => {
    scheduleSendAlarm(request(1, T0 + 60_000));
    vi.advanceTimersByTime(49_999);
    expect(warnings()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(warnings()).toEqual(["In 10 s abschicken: 500|500 → 510|490 (Offensive)"]);
    expect(beeps).toHaveLength(3);
  });

  it("rings no more for a request that is done or whose attack went, nor when switched off", () => {
    scheduleSendAlarm(request(2, T0 + 60_000));
    scheduleSendAlarm(request(3, T0 + 60_000));
    cancelSendAlarms([2]);
    cancelSendAlarmsOfAttacks(new Set([103]));
    useSendAlarm.setState({ enabled: false });
    scheduleSendAlarm(request(4, T0 + 60_000));
    vi.advanceTimersByTime(120_000);
    expect(warnings()).toEqual([]);
    expect(beeps).toEqual([]);
  });

  it("rings at once for a request that comes after its alarm time, and not for one past its send time", () => {
    useSendAlarm.setState({ seconds: 30 });
    scheduleSendAlarm(request(5, T0 + 20_000));
    scheduleSendAlarm(request(6, T0 - 1));
    vi.advanceTimersByTime(0);
    expect(warnings()).toEqual(["In 20 s abschicken: 500|500 → 510|490 (Offensive)"]);
  });

  it("shows a system notification in a background tab with the browser's notifications on", () => {
    const shown: string[] = [];
    class FakeNotification {
      static permission = "granted";
      constructor(title: string) {
        shown.push(title);
      }
    }
    Object.defineProperty(window, "Notification", { value: FakeNotification, configurable: true, writable: true });
    Object.defineProperty(document, "visibilityState", { get: () => "hidden", configurable: true });
    useBrowserAlerts.setState({ enabled: true });
    try {
      scheduleSendAlarm(request(7, T0 + 15_000));
      vi.advanceTimersByTime(5_000);
      expect(shown).toEqual(["In 10 s abschicken"]);
    } finally {
      useBrowserAlerts.setState({ enabled: false });
      Reflect.deleteProperty(window, "Notification");
      Object.defineProperty(document, "visibilityState", { get: () => "visible", configurable: true });
    }
  });
});
