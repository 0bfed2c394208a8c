// Profil → Benachrichtigungen: the empty state, a Discord channel refused in German before any request,
// a webhook whose signing key is shown once, a test message with its delivery log, on/off and delete;
// the rules: an event switched off, a gap, the quiet hours checked in German, saved together.
import type { AlertChannel, AlertDelivery, AlertRulesResponse } from "@dsbot/protocol";
import { alertEvents } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { useBrowserAlerts } from "@/features/notifications";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

const KEY = "Ab3dEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd";

function setup() {
  let channels: AlertChannel[] = [];
  let deliveries: AlertDelivery[] = [];
  let rules: AlertRulesResponse = {
    rules: alertEvents.map((event) =>
      event === "attack-soon" || event === "tab-request-due"
        ? { event, enabled: false, channelIds: null, minGapSeconds: 60, leadMinutes: event === "attack-soon" ? 10 : 2 }
        : event === "daily-report"
          ? { event, enabled: false, channelIds: null, minGapSeconds: 0, reportAt: "22:00" }
          : { event, enabled: true, channelIds: null, minGapSeconds: 60 },
    ),
    quietHours: null,
    zone: "Europe/Berlin",
  };
  const calls: { method: string; path: string; body: unknown }[] = [];
  const record = (method: string) => ({ url, body }: { url: URL; body: unknown }) => {
    calls.push({ method, path: url.pathname, body });
  };
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0", emailAlerts: true }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/profile/sessions": () => json(200, { sessions: [] }),
    "GET /api/dsbot-auth/tokens": () => json(200, { runners: [] }),
    "GET /api/alert-channels": () => json(200, { channels }),
    "POST /api/alert-channels": (request) => {
      record("POST")(request);
      const body = request.body as { kind: AlertChannel["kind"]; name: string; url?: string; address?: string };
      if (body.url?.includes("127.0.0.1")) return apiError(400, "bad_request", "Ziel nicht erlaubt: die Adresse ist privat, lokal oder gehört zum Rechenzentrum.");
      const mail = body.kind === "email";
      const target = body.url ?? body.address ?? "Webhook 1";
      const channel: AlertChannel = { id: channels.length + 1, kind: body.kind, name: body.name, enabled: !mail, confirmed: !mail, target, createdAt: "2026-11-30T10:00:00.000Z", lastDelivery: null };
      channels = [...channels, channel];
      return json(201, { channel, ...(body.kind === "webhook" ? { signingKey: KEY } : {}) });
    },
    "PATCH /api/alert-channels/1": (request) => {
      record("PATCH")(request);
      channels = channels.map((c) => (c.id === 1 ? { ...c, ...(request.body as object) } : c));
      return json(200, { channel: channels[0] });
    },
    "POST /api/alert-channels/1/test": (request) => {
      record("POST")(request);
      deliveries = [{ id: 7, event: "test", title: "Testnachricht von dsbot", status: "delivered", attempts: 1, lastStatus: 204, lastError: null, latencyMs: 38, createdAt: "2026-11-30T10:01:00.000Z", finishedAt: "2026-11-30T10:01:00.040Z" }];
      channels = channels.map((c) => ({ ...c, lastDelivery: { status: "delivered", createdAt: "2026-11-30T10:01:00.000Z", lastError: null } }));
      return json(202, { message: "Testnachricht ist unterwegs – das Ergebnis steht gleich im Zustellprotokoll." });
    },
    "GET /api/alert-channels/1/deliveries": () => json(200, { deliveries }),
    "POST /api/alert-channels/1/confirm": (request) => {
      record("POST")(request);
      if ((request.body as { code: string }).code !== "123456") return apiError(400, "bad_request", "Der Code stimmt nicht.");
      channels = channels.map((c) => (c.id === 1 ? { ...c, enabled: true, confirmed: true } : c));
      return json(200, { channel: channels[0] });
    },
    "GET /api/alert-rules": () => json(200, rules),
    "PUT /api/alert-rules": (request) => {
      record("PUT")(request);
      const body = request.body as Pick<AlertRulesResponse, "rules" | "quietHours">;
      rules = { ...rules, ...body };
      return json(200, rules);
    },
    "DELETE /api/alert-channels/1": (request) => {
      record("DELETE")(request);
      channels = [];
      return new Response(null, { status: 204 });
    },
  });
  signIn(plainUser);
  return { calls };
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

describe("Benachrichtigungen", { timeout: 60_000 }, () => {
  it("switches the browser's own notifications on once the browser allows them, and says so when it refuses", async () => {
    const user = userEvent.setup();
    let answer: NotificationPermission = "granted";
    const fake = { permission: "default" as NotificationPermission, requestPermission: async () => (fake.permission = answer) };
    Object.defineProperty(window, "Notification", { value: fake, configurable: true, writable: true });
    try {
      setup();
      renderApp("/profile");
      const toggle = await screen.findByRole("switch", { name: "Im Browser melden" });
      await user.click(toggle);
      expect(await screen.findByText("Ab jetzt meldet sich dsbot auch hier im Browser, wenn der Tab im Hintergrund liegt.")).toBeInTheDocument();
      expect(toggle).toBeChecked();
      expect(useBrowserAlerts.getState().enabled).toBe(true);
      await user.click(toggle);
      expect(useBrowserAlerts.getState().enabled).toBe(false);

      fake.permission = "default";
      answer = "denied";
      await user.click(toggle);
      expect(await screen.findAllByText(/Der Browser hat Benachrichtigungen für dsbot blockiert/)).not.toHaveLength(0);
      expect(toggle).not.toBeChecked();
      expect(useBrowserAlerts.getState().enabled).toBe(false);
    } finally {
      Reflect.deleteProperty(window, "Notification");
      useBrowserAlerts.setState({ enabled: false });
    }
  });

  it("refuses a wrong Discord address in German without a request, and shows the server's refusal of a private webhook under its field", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    renderApp("/profile");
    expect(await screen.findByText("Noch kein Kanal")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Kanal hinzufügen" });
    await user.type(within(form).getByRole("textbox", { name: /^Name/ }), "Stammes-Discord");
    await user.type(within(form).getByLabelText(/^Webhook-Adresse aus Discord/), "https://example.org/hook");
    await user.click(within(form).getByRole("button", { name: "Kanal anlegen" }));
    expect(await within(form).findByText("Bitte die Webhook-Adresse aus Discord einfügen (https://discord.com/api/webhooks/…).")).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(within(form).getByRole("radio", { name: "Webhook" }));
    await user.type(within(form).getByRole("textbox", { name: /^Adresse deines Servers/ }), "http://127.0.0.1/hook");
    await user.click(within(form).getByRole("button", { name: "Kanal anlegen" }));
    expect(await within(form).findByText("Ziel nicht erlaubt: die Adresse ist privat, lokal oder gehört zum Rechenzentrum.")).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ kind: "webhook", name: "Stammes-Discord", url: "http://127.0.0.1/hook" }]);
  });

  it("shows a new webhook's signing key once, sends a test message, shows the delivery log, switches off and deletes", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    renderApp("/profile");
    const form = await screen.findByRole("form", { name: "Kanal hinzufügen" });
    await user.click(within(form).getByRole("radio", { name: "Webhook" }));
    await user.type(within(form).getByRole("textbox", { name: /^Name/ }), "Eigener Server");
    await user.type(within(form).getByRole("textbox", { name: /^Adresse deines Servers/ }), "https://hooks.example.org/dsbot");
    await user.click(within(form).getByRole("button", { name: "Kanal anlegen" }));
    expect(await screen.findByTestId("signing-key")).toHaveTextContent(KEY);
    expect(screen.getByText("Signaturschlüssel – nur jetzt sichtbar")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Meine Benachrichtigungskanäle" });
    expect(within(list).getByText("Eigener Server")).toBeInTheDocument();
    expect(within(list).getByText("https://hooks.example.org/dsbot")).toBeInTheDocument();
    expect(within(list).getByText("noch nichts gesendet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Verstanden" }));
    expect(screen.queryByTestId("signing-key")).not.toBeInTheDocument();

    await user.click(within(list).getByRole("button", { name: "Testnachricht senden" }));
    expect(await screen.findByText("Testnachricht ist unterwegs – das Ergebnis steht gleich im Zustellprotokoll.")).toBeInTheDocument();
    const log = await screen.findByRole("table", { name: "Zustellprotokoll von Eigener Server" });
    expect(within(log).getByText("Testnachricht von dsbot")).toBeInTheDocument();
    expect(within(log).getByText("38 ms")).toBeInTheDocument();
    expect(within(log).getByText("204")).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByText("zugestellt").length).toBeGreaterThan(0));

    // Wann melden?
    const rulesForm = screen.getByRole("form", { name: "Regeln der Benachrichtigungen" });
    await user.click(within(rulesForm).getByRole("switch", { name: "Angriff fehlgeschlagen, nicht gemeldet oder von Hand zu schicken melden" }));
    const gap = within(rulesForm).getByRole("textbox", { name: "Abstand in Sekunden für Adelszug auf eines meiner Dörfer" });
    await user.clear(gap);
    await user.type(gap, "0");
    await user.click(within(rulesForm).getByRole("switch", { name: "Angriff auf eines meiner Dörfer kommt in Kürze an melden" }));
    const lead = within(rulesForm).getByRole("textbox", { name: "Minuten vorher für Angriff auf eines meiner Dörfer kommt in Kürze an" });
    await user.clear(lead);
    await user.type(lead, "0");
    await user.click(within(rulesForm).getByRole("checkbox", { name: "Ruhezeit" }));
    const from = within(rulesForm).getByRole("textbox", { name: "von" });
    await user.clear(from);
    await user.type(from, "25:00");
    await user.click(within(rulesForm).getByRole("button", { name: "Regeln speichern" }));
    expect(await within(rulesForm).findByText("Bitte eine Uhrzeit wie 22:30 angeben.")).toBeInTheDocument();
    expect(within(rulesForm).getByText("Bitte 1 bis 180 Minuten angeben.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
    await user.clear(lead);
    await user.type(lead, "20");
    // The daily report: on, at its own time of day; it has no gap field.
    await user.click(within(rulesForm).getByRole("switch", { name: "Tagesbericht je Bot (Was hat er heute getan?) melden" }));
    expect(within(rulesForm).queryByRole("textbox", { name: "Abstand in Sekunden für Tagesbericht je Bot (Was hat er heute getan?)" })).toBeNull();
    const reportAt = within(rulesForm).getByRole("textbox", { name: "Uhrzeit für Tagesbericht je Bot (Was hat er heute getan?)" });
    await user.clear(reportAt);
    await user.type(reportAt, "20:15");
    await user.clear(from);
    await user.type(from, "23:30");
    await user.click(within(rulesForm).getByRole("button", { name: "Regeln speichern" }));
    expect(await screen.findByText("Die Regeln wurden gespeichert.")).toBeInTheDocument();
    const put = calls.find((c) => c.method === "PUT")?.body as Pick<AlertRulesResponse, "rules" | "quietHours">;
    expect(put.quietHours).toEqual({ from: "23:30", to: "07:00" });
    expect(put.rules.find((r) => r.event === "attack-failed")).toEqual({ event: "attack-failed", enabled: false, channelIds: null, minGapSeconds: 60 });
    expect(put.rules.find((r) => r.event === "noble-train")?.minGapSeconds).toBe(0);
    expect(put.rules.find((r) => r.event === "attack-soon")).toEqual({ event: "attack-soon", enabled: true, channelIds: null, minGapSeconds: 60, leadMinutes: 20 });
    expect(put.rules.find((r) => r.event === "daily-report")).toEqual({ event: "daily-report", enabled: true, channelIds: null, minGapSeconds: 0, reportAt: "20:15" });

    await user.click(within(list).getByRole("switch", { name: "Kanal Eigener Server an" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ enabled: false }));

    await user.click(within(list).getByRole("button", { name: "Kanal Eigener Server löschen" }));
    const dialog = await screen.findByRole("dialog", { name: "Kanal löschen?" });
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    expect(await screen.findByText("„Eigener Server“ wurde gelöscht.")).toBeInTheDocument();
    expect(await screen.findByText("Noch kein Kanal")).toBeInTheDocument();
  });

  it("adds an e-mail address, which waits for its code: a wrong one is said under the field, the right one switches it on", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    renderApp("/profile");
    const form = await screen.findByRole("form", { name: "Kanal hinzufügen" });
    await user.click(within(form).getByText("E-Mail"));
    await user.type(within(form).getByRole("textbox", { name: /^Name/ }), "Postfach");
    await user.type(within(form).getByRole("textbox", { name: /^E-Mail-Adresse/ }), "anna@example.org");
    await user.click(within(form).getByRole("button", { name: "Kanal anlegen" }));
    const list = await screen.findByRole("list", { name: "Meine Benachrichtigungskanäle" });
    expect(await within(list).findByText("unbestätigt")).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Testnachricht senden" })).toBeDisabled();
    expect(within(list).getByRole("switch", { name: "Kanal Postfach an" })).toBeDisabled();
    expect(within(list).getByText("Wir haben dir einen Code an anna@example.org geschickt. Gib ihn hier ein.")).toBeInTheDocument();

    const code = within(list).getByRole("textbox", { name: "Code aus der E-Mail für Postfach" });
    await user.type(code, "000000");
    await user.click(within(list).getByRole("button", { name: "Bestätigen" }));
    expect(await within(list).findByText("Der Code stimmt nicht.")).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, "123456");
    await user.click(within(list).getByRole("button", { name: "Bestätigen" }));
    expect(await screen.findByText("E-Mail-Adresse bestätigt – Benachrichtigungen kommen jetzt an.")).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText("unbestätigt")).not.toBeInTheDocument());
    expect(within(list).getByRole("button", { name: "Testnachricht senden" })).toBeEnabled();
    expect(calls.filter((c) => c.path === "/api/alert-channels").map((c) => c.body)).toEqual([{ kind: "email", name: "Postfach", address: "anna@example.org" }]);
    expect(calls.filter((c) => c.path.endsWith("/confirm")).map((c) => c.body)).toEqual([{ code: "000000" }, { code: "123456" }]);
  });
});
