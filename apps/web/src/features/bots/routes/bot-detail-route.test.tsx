import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { botKalle } from "@/test/bot-fixtures";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { adminUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

// Whole-route renders can take over a second on a loaded machine (the default wait is 1 s).
function setup(extra: Record<string, FetchHandler> = {}) {
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: adminUser }),
    "GET /api/dsbot": () => json(200, { dsbots: [botKalle], totals: 1 }),
    "GET /api/dsbot/1": () => json(200, { dsbot: botKalle }),
    "GET /api/dsbot/1/connections": () => json(200, { websocketConnections: botKalle.websocketConnections }),
    "GET /api/dsbot/1/permissions": () => json(200, { permissions: [{ userId: 2, username: "demo", grantedAt: "2025-03-03T10:00:00.000Z" }] }),
    "GET /api/dsbot/1/logs": () =>
      json(200, { logs: [{ id: 1, level: "info", message: "Bot gestartet", username: "admin", createdAt: "2025-03-03T10:00:00.000Z" }], totals: 1 }),
    "GET /api/users": () => json(200, { users: [adminUser], totals: 1 }),
    ...extra,
  });
  signIn(adminUser);
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
});

describe("Bot detail", { timeout: 60_000 }, () => {
  it("shows player, status, actions by status, modules, access and the log table", async () => {
    setup();
    renderApp("/bots/1");
    expect(await screen.findByRole("heading", { level: 1, name: "Kalle" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Starten" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Pausieren" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Fortsetzen" })).toBeDisabled();
    expect(screen.getByRole("switch", { name: "Timer aktivieren" })).toBeChecked();
    expect(screen.getByRole("link", { name: "Auge konfigurieren" })).toHaveAttribute("href", "/bots/1/command-scanner");
    const log = await screen.findByRole("table", { name: "Protokoll" });
    for (const header of ["Level", "Nachricht", "Benutzer", "Zeit"]) {
      expect(within(log).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(await within(log).findByText("Bot gestartet")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Zugriff von demo entziehen" })).toBeInTheDocument();
  });

  it("shows the Bot-ID (not the owner's id) with a copy button", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const bot = { ...botKalle, id: 42, ownerId: 7 };
    setup({
      "GET /api/dsbot/42": () => json(200, { dsbot: bot }),
      "GET /api/dsbot/42/connections": () => json(200, { websocketConnections: [] }),
      "GET /api/dsbot/42/permissions": () => json(200, { permissions: [] }),
      "GET /api/dsbot/42/logs": () => json(200, { logs: [], totals: 0 }),
    });
    renderApp("/bots/42");
    const overview = (await screen.findByText("Bot-ID")).closest("dl")!;
    const row = within(overview).getByText("Bot-ID").parentElement!;
    expect(within(row).getByText("42")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Bot-ID von Kalle kopieren" }));
    expect(writeText).toHaveBeenCalledWith("42");
  });

  it("shows the villages of the last scan on the 'Dörfer' tab and loads them again when the bot scans", async () => {
    const user = userEvent.setup();
    let scans = 0;
    const villageState = (main: number) => ({
      villageId: 7,
      name: "Kalles Dorf",
      coordinates: "500|500",
      units: { spear: 120 },
      scannedAt: Date.UTC(2026, 0, 5, 12),
      points: 1234,
      buildings: { main, wood: 10 },
      resources: { wood: 5000, stone: 4000, iron: 3000 },
      storageCapacity: 10000,
      population: { used: 300, max: 900 },
      buildQueue: [{ building: "main", level: main + 1, finishesAt: Date.UTC(2026, 0, 5, 13) }],
      recruitQueue: [],
    });
    setup({ "GET /api/dsbot/1/village-states": () => json(200, { villages: [villageState(5 + scans++)], totals: 1, scannedAt: Date.UTC(2026, 0, 5, 12) }) });
    renderApp("/bots/1");
    await user.click(await screen.findByRole("tab", { name: "Dörfer" }));
    const card = (await screen.findByText("Kalles Dorf")).closest<HTMLElement>("[data-village-id]")!;
    expect(within(card).getByText("500|500 · 1.234 Punkte")).toBeInTheDocument();
    expect(within(card).getByText("Hauptgebäude 5")).toBeInTheDocument();
    expect(within(card).getByText("5.000 / 10.000")).toBeInTheDocument();
    expect(within(card).getByText(/^Hauptgebäude Stufe 6 · fertig um/)).toBeInTheDocument();
    expect(within(card).getByText("Bauernhof 300 / 900")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Dörfer" })).toHaveAttribute("aria-selected", "true");
    dispatchRealtimeMessage({ type: "troops-updated", data: { dsbotId: 1 } });
    expect(await screen.findByText("Hauptgebäude 6")).toBeInTheDocument();
  });

  it("pages the 'Dörfer' tab on the server, and shows the empty scan and a failed load", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    let answer: "villages" | "none" | "error" = "villages";
    const village = (id: number) => ({
      villageId: id,
      name: `Dorf ${id}`,
      coordinates: `${400 + id}|500`,
      units: {},
      scannedAt: Date.UTC(2026, 0, 5, 12),
      points: 100,
      buildings: { main: 1 },
      resources: { wood: 0, stone: 0, iron: 0 },
      storageCapacity: 1000,
      population: { used: 1, max: 240 },
      buildQueue: [],
      recruitQueue: [],
    });
    setup({
      "GET /api/dsbot/1/village-states": ({ url }) => {
        asked.push(url.search);
        if (answer === "error") return apiError(500, "internal", "Es ist ein interner Fehler aufgetreten. Bitte versuche es später erneut.");
        if (answer === "none") return json(200, { villages: [], totals: 0, scannedAt: null });
        const page = Number(url.searchParams.get("activePage"));
        const perPage = Number(url.searchParams.get("perPage"));
        const ids = Array.from({ length: 30 }, (_, i) => i + 1).slice((page - 1) * perPage, page * perPage);
        return json(200, { villages: ids.map(village), totals: 30, scannedAt: Date.UTC(2026, 0, 5, 12) });
      },
    });
    renderApp("/bots/1");
    await user.click(await screen.findByRole("tab", { name: "Dörfer" }));
    expect(await screen.findByText("Dorf 1")).toBeInTheDocument();
    expect(screen.getByText(/^30 Dörfer · Inventur vom/)).toBeInTheDocument();
    expect(screen.getByText("1–12 von 30")).toBeInTheDocument();
    expect(screen.queryByText("Dorf 13")).not.toBeInTheDocument();
    expect(asked).toContain("?activePage=1&perPage=12");
    await user.click(screen.getByRole("button", { name: "3" }));
    expect(await screen.findByText("Dorf 25")).toBeInTheDocument();
    expect(screen.getByText("25–30 von 30")).toBeInTheDocument();
    expect(asked).toContain("?activePage=3&perPage=12");

    answer = "none";
    dispatchRealtimeMessage({ type: "troops-updated", data: { dsbotId: 1 } });
    expect(await screen.findByText("Noch keine Inventur")).toBeInTheDocument();
    answer = "error";
    dispatchRealtimeMessage({ type: "troops-updated", data: { dsbotId: 1 } });
    expect(await screen.findByText("Es ist ein interner Fehler aufgetreten. Bitte versuche es später erneut.")).toBeInTheDocument();
  });

  it("shows the request budget, with none reported yet, and each new report live", async () => {
    setup({ "GET /api/dsbot/1/usage": () => json(200, { usage: null }) });
    renderApp("/bots/1");
    expect(await screen.findByText("Noch kein Bericht. Der Bot meldet sein Anfragebudget jede Minute, solange er läuft.")).toBeInTheDocument();
    dispatchRealtimeMessage({
      type: "bot-usage",
      data: { dsbotId: 1, usage: { requestsLastHour: 1200, budgetPerHour: 1200, captchasLast24h: 2, throttled: true, reportedAt: Date.UTC(2026, 0, 5, 12) } },
    });
    expect(await screen.findByText("1.200 / 1.200 Anfragen in der letzten Stunde")).toBeInTheDocument();
    expect(screen.getByText("Captchas (24 h): 2")).toBeInTheDocument();
    expect(screen.getByText("Module warten")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Anfragen in der letzten Stunde" })).toHaveAttribute("aria-valuenow", "100");
    // Another bot's report changes nothing here.
    dispatchRealtimeMessage({ type: "bot-usage", data: { dsbotId: 2, usage: { requestsLastHour: 5, budgetPerHour: 1200, captchasLast24h: 0, throttled: false, reportedAt: 0 } } });
    expect(screen.getByText("1.200 / 1.200 Anfragen in der letzten Stunde")).toBeInTheDocument();
  });

  it("shows each line the bot writes to its log live, without a reload", async () => {
    const logs = [{ id: 1, level: "info", message: "Bot gestartet", username: "admin", createdAt: "2025-03-03T10:00:00.000Z" }];
    setup({ "GET /api/dsbot/1/logs": () => json(200, { logs: [...logs].reverse(), totals: logs.length }) });
    renderApp("/bots/1");
    const log = await screen.findByRole("table", { name: "Protokoll" });
    expect(await within(log).findByText("Bot gestartet")).toBeInTheDocument();
    logs.push({ id: 2, level: "info", message: "Raubzug: 3 Raubzüge in 1 Dorf geschickt", username: null as unknown as string, createdAt: "2025-03-03T10:05:00.000Z" });
    // Another bot's line changes nothing here; this bot's line is fetched.
    dispatchRealtimeMessage({ type: "bot-logs-updated", data: { dsbotId: 2 } });
    dispatchRealtimeMessage({ type: "bot-logs-updated", data: { dsbotId: 1 } });
    expect(await within(log).findByText("Raubzug: 3 Raubzüge in 1 Dorf geschickt")).toBeInTheDocument();
    expect(within(log).getAllByRole("row").map((row) => row.textContent)[1]).toContain("Raubzug:");
  });

  it("starts through the chosen bot-user connection", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    setup({
      "POST /api/dsbot/1/start": ({ body }) => {
        bodies.push(body);
        return json(200, { dsbot: { ...botKalle, status: "starting" } });
      },
    });
    renderApp("/bots/1");
    await user.click(await screen.findByRole("button", { name: "Starten" }));
    await waitFor(() => expect(bodies).toEqual([{ websocketConnectionId: 11 }]));
    expect(await screen.findByText("Der Bot wird gestartet.")).toBeInTheDocument();
  });

  it("keeps a status the realtime event brought while the action's answer was on its way", async () => {
    const user = userEvent.setup();
    const online = { ...botKalle, status: "online" as const };
    setup({
      "GET /api/dsbot/1": () => json(200, { dsbot: online }),
      "POST /api/dsbot/1/stop": () => {
        // A fast runner: the bot is offline before the stop request has answered "stopping".
        for (const status of ["stopping", "offline"]) {
          dispatchRealtimeMessage({ type: "botUpdateStatus", data: { dsbot: { id: 1, status, dsPlayer: { name: "Kalle" } } } });
        }
        return json(200, { dsbot: { ...online, status: "stopping" } });
      },
    });
    renderApp("/bots/1");
    await user.click(await screen.findByRole("button", { name: "Stoppen" }));
    expect(await screen.findByText("Der Bot wird gestoppt.")).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector("[data-status]")).toHaveAttribute("data-status", "offline"));
  });

  it("an action refreshes the log (the server logged it)", async () => {
    const user = userEvent.setup();
    let started = false;
    setup({
      "POST /api/dsbot/1/start": () => {
        started = true;
        return json(200, { dsbot: { ...botKalle, status: "starting" } });
      },
      "GET /api/dsbot/1/logs": () =>
        json(200, {
          logs: started ? [{ id: 2, level: "info", message: "Start angefordert", username: "admin", createdAt: "2025-03-03T10:05:00.000Z" }] : [],
          totals: started ? 1 : 0,
        }),
    });
    renderApp("/bots/1");
    const log = await screen.findByRole("table", { name: "Protokoll" });
    await user.click(await screen.findByRole("button", { name: "Starten" }));
    expect(await within(log).findByText("Start angefordert")).toBeInTheDocument();
  });

  it("shows the bot protection live, with Gelöst instead of Fortsetzen, and Gelöst resumes the bot", async () => {
    const user = userEvent.setup();
    const solved: string[] = [];
    setup({
      "GET /api/dsbot/1": () => json(200, { dsbot: { ...botKalle, status: "online" } }),
      "POST /api/dsbot/1/protection-solved": () => {
        solved.push("solved");
        return json(200, { dsbot: { ...botKalle, status: "online", protectedSince: null } });
      },
    });
    renderApp("/bots/1");
    expect(await screen.findByRole("button", { name: "Pausieren" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Gelöst" })).not.toBeInTheDocument();
    // The runner met the check: the server pauses the bot with its time.
    dispatchRealtimeMessage({ type: "botUpdateStatus", data: { dsbot: { id: 1, status: "paused", protectedSince: "2025-03-03T10:07:08.000Z", dsPlayer: { name: "Kalle" } } } });
    const solve = await screen.findByRole("button", { name: "Gelöst" });
    expect(screen.getByRole("button", { name: "Fortsetzen" })).toBeDisabled();
    expect(screen.getAllByText("Bot-Schutz").length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(/^Seit \d\d\.\d\d\.\d\d \d\d:\d\d will das Spiel wissen, .*Löse den Schutz in deinem Spiel-Tab und klicke dann auf „Gelöst“\.$/)).toBeInTheDocument();
    await user.click(solve);
    await waitFor(() => expect(solved).toEqual(["solved"]));
    expect(await screen.findByText("Bot-Schutz gelöst – der Bot spielt weiter.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Gelöst" })).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Pausieren" })).toBeEnabled();
  });

  it("rolls a failed module toggle back and reports it", async () => {
    const user = userEvent.setup();
    setup({ "POST /api/dsbot/1/toggle-module": () => apiError(500, "internal", "Das Modul konnte nicht umgeschaltet werden.") });
    renderApp("/bots/1");
    const toggle = await screen.findByRole("switch", { name: "Builder aktivieren" });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText("Das Modul konnte nicht umgeschaltet werden.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("switch", { name: "Builder aktivieren" })).not.toBeChecked());
  });

  it("says 'Der Bot wurde nicht gefunden.' for an unknown bot", async () => {
    setup({ "GET /api/dsbot/1": () => apiError(404, "not_found", "Nicht gefunden.") });
    renderApp("/bots/1");
    expect(await screen.findByText("Der Bot wurde nicht gefunden.")).toBeInTheDocument();
  });
});

describe("Module page", { timeout: 60_000 }, () => {
  it("loads the module, saves it and maps server issues onto the fields", async () => {
    const user = userEvent.setup();
    setup({
      "GET /api/dsbot/1/module": ({ url }) => {
        expect(url.searchParams.get("moduleName")).toBe("command-scanner");
        return json(200, { module: { enabled: true, intervalSeconds: 300, scanIncomings: true, scanOutgoing: false, notifyOnNobles: true } });
      },
      "POST /api/dsbot/1/module": () =>
        json(400, { error: { code: "validation", message: "Ungültige Eingabe", issues: [{ path: "intervalSeconds", message: "Zu häufig für diese Welt" }] } }),
    });
    renderApp("/bots/1/command-scanner");
    const input = await screen.findByRole("textbox", { name: "Intervall (Sekunden)" });
    expect(input).toHaveValue("300");
    expect(screen.getByRole("switch", { name: "Modul aktiv" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Zu häufig für diese Welt")).toBeInTheDocument();
  });
});
