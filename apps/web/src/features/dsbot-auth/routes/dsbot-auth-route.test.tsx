import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

const laptop = { id: 3, name: "Laptop", createdAt: "2026-11-20T10:00:00.000Z", lastSeenAt: "2026-11-23T09:30:00.000Z", connected: true };
const tower = { id: 4, name: "Tower", createdAt: "2026-11-21T10:00:00.000Z", lastSeenAt: null, connected: false };

function setup(extra: Record<string, FetchHandler> = {}, runners = [laptop, tower]) {
  const calls = mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/dsbot-auth/tokens": () => json(200, { runners }),
    ...extra,
  });
  signIn(plainUser);
  return calls;
}

const tokenListCalls = (calls: ReturnType<typeof setup>) =>
  calls.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes("/api/dsbot-auth/tokens")).length;

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
});

describe("Dsbot Auth", { timeout: 60_000 }, () => {
  it("prefills the code from the link, approves it and lists the runners", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    setup({
      "POST /api/dsbot-auth/approve": ({ body }) => {
        bodies.push(body);
        return json(200, { runner: { id: 5, name: "Neuer PC", createdAt: "2026-11-23T10:00:00.000Z" } });
      },
    });
    const { router } = renderApp("/dsbot-auth?code=abcd-efgh");
    const input = await screen.findByLabelText("Code");
    expect(input).toHaveValue("ABCD-EFGH");
    const table = await screen.findByRole("table", { name: "Verbundene Runner" });
    expect(within(table).getByText("Laptop")).toBeInTheDocument();
    expect(within(table).getByText("Online")).toBeInTheDocument();
    expect(within(table).getByText("Getrennt")).toBeInTheDocument();
    expect(within(table).getByText("Nie")).toBeInTheDocument();
    expect(screen.getByText("Verbundene Runner (2)")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Verbinden" }));
    await waitFor(() => expect(bodies).toEqual([{ userCode: "ABCD-EFGH" }]));
    expect(await screen.findByText('Der Runner "Neuer PC" ist jetzt mit deinem Konto verbunden.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(input).toHaveValue("");
  });

  it("marks a userscript's pairing as Userscript, in the list and when approved", async () => {
    const user = userEvent.setup();
    const script = { id: 6, name: "Userscript de231", scope: "userscript", createdAt: "2026-11-22T10:00:00.000Z", lastSeenAt: null, connected: false };
    setup(
      { "POST /api/dsbot-auth/approve": () => json(200, { runner: { id: 7, name: "Userscript de232", scope: "userscript", createdAt: "2026-11-23T10:00:00.000Z" } }) },
      [laptop, script],
    );
    renderApp("/dsbot-auth?code=abcd-efgh");
    const table = await screen.findByRole("table", { name: "Verbundene Runner" });
    const row = within(table).getByText("Userscript de231").closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("Userscript")).toBeInTheDocument();
    expect(within(row).getByText("Liest nur deine Tab-Anfragen und Angriffe, startet keine Bots.")).toBeInTheDocument();
    expect(within(row).queryByText("Getrennt")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Verbinden" }));
    expect(await screen.findByText('Das Userscript "Userscript de232" ist jetzt gekoppelt. Es liest nur deine Tab-Anfragen und Angriffe.')).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Runner Userscript de231 widerrufen" }));
    const dialog = await screen.findByRole("dialog", { name: "Userscript-Kopplung widerrufen" });
    expect(within(dialog).getByText(/Das Userscript "Userscript de231" kann deine Tab-Anfragen und Angriffe nicht mehr lesen/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's answer about a bad code under the field and the required rule for an empty one", async () => {
    const user = userEvent.setup();
    setup({ "POST /api/dsbot-auth/approve": () => apiError(404, "not_found", "Der Code wurde nicht gefunden.") });
    renderApp("/dsbot-auth");
    await user.click(await screen.findByRole("button", { name: "Verbinden" }));
    expect(await screen.findByText("Eingabe erforderlich")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code"), "wxyz2345");
    await user.click(screen.getByRole("button", { name: "Verbinden" }));
    expect(await screen.findByText("Der Code wurde nicht gefunden.")).toBeInTheDocument();
    expect(screen.getByLabelText("Code")).toHaveValue("WXYZ2345");
  });

  it("revokes a runner after confirmation and refreshes on runner connection events", async () => {
    const user = userEvent.setup();
    const revoked: string[] = [];
    const calls = setup({
      "DELETE /api/dsbot-auth/tokens/3": ({ url }) => {
        revoked.push(url.pathname);
        return new Response(null, { status: 204 });
      },
    });
    renderApp("/dsbot-auth");
    await user.click(await screen.findByRole("button", { name: "Runner Laptop widerrufen" }));
    const dialog = await screen.findByRole("dialog", { name: "Runner widerrufen" });
    expect(within(dialog).getByText(/Der Runner "Laptop" verliert den Zugriff/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Widerrufen" }));
    await waitFor(() => expect(revoked).toEqual(["/api/dsbot-auth/tokens/3"]));
    expect(await screen.findByText('Der Runner "Laptop" wurde widerrufen.')).toBeInTheDocument();

    const before = tokenListCalls(calls);
    dispatchRealtimeMessage({ type: "bot-user-connection-created", data: { dsbotId: 1, id: 9, websocketConnection: { id: 9, origin: "bot-user" } } });
    await waitFor(() => expect(tokenListCalls(calls)).toBeGreaterThan(before));
  });

  it("lists the steps in the order they work, adding the bot by its Bot-ID before running", async () => {
    setup();
    renderApp("/dsbot-auth");
    const steps = within((await screen.findByText("So verbindest du den Dsbot")).parentElement!).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Lade den Dsbot herunter/),
      expect.stringMatching(/^Starte auf deinem Rechner: node dsbot\.mjs pair --server /),
      "Gib den angezeigten Code hier ein oder öffne den Link, den der Dsbot ausgibt.",
      "Trage deinen Bot mit seiner Bot-ID ein (sie steht unter Bots): node dsbot.mjs bots add --id <Bot-ID> --player <Spielername> --password <Passwort>",
      "Starte danach die Bots mit: node dsbot.mjs run",
    ]);
  });

  it("shows the empty state without runners", async () => {
    setup({}, []);
    renderApp("/dsbot-auth");
    expect(await screen.findByText("Noch kein Runner verbunden")).toBeInTheDocument();
    expect(screen.getByText("Verbundene Runner (0)")).toBeInTheDocument();
  });
});
