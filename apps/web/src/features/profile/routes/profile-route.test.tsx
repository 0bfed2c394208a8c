import { errorMessages } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { adminUser, plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

const laptop = { id: 3, name: "Laptop", createdAt: "2026-11-20T10:00:00.000Z", lastSeenAt: "2026-11-23T09:30:00.000Z", connected: true };
const tower = { id: 4, name: "Tower", createdAt: "2026-11-21T10:00:00.000Z", lastSeenAt: null, connected: false };

function setup(extra: Record<string, FetchHandler> = {}, initialRunners = [laptop, tower]) {
  let runners = initialRunners;
  const revoked: string[] = [];
  mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/profile/sessions": () => json(200, { sessions: [] }),
    "GET /api/dsbot-auth/tokens": () => json(200, { runners }),
    "GET /api/alert-channels": () => json(200, { channels: [] }),
    "GET /api/alert-rules": () => json(200, { rules: [], quietHours: null, zone: "Europe/Berlin" }),
    "DELETE /api/dsbot-auth/tokens/3": ({ url }) => {
      revoked.push(url.pathname);
      runners = runners.filter((r) => r.id !== 3);
      return new Response(null, { status: 204 });
    },
    ...extra,
  });
  signIn(plainUser);
  return { revoked };
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

describe("Profile runners", { timeout: 60_000 }, () => {
  it("lists the own runners with status and dates, and revokes one after confirmation", async () => {
    const user = userEvent.setup();
    const { revoked } = setup();
    renderApp("/profile");
    const table = await screen.findByRole("table", { name: "Meine Runner" });
    expect(screen.getByText("Runner (2)")).toBeInTheDocument();
    expect(within(table).getByText("Laptop")).toBeInTheDocument();
    expect(within(table).getByText("Online")).toBeInTheDocument();
    expect(within(table).getByText("Getrennt")).toBeInTheDocument();
    expect(within(table).getByText("Nie")).toBeInTheDocument();

    await user.click(within(table).getByRole("button", { name: "Runner Laptop widerrufen" }));
    const dialog = await screen.findByRole("dialog", { name: "Runner widerrufen" });
    expect(within(dialog).getByText(/Der Runner "Laptop" verliert den Zugriff/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Widerrufen" }));

    await waitFor(() => expect(revoked).toEqual(["/api/dsbot-auth/tokens/3"]));
    expect(await screen.findByText('Der Runner "Laptop" wurde widerrufen.')).toBeInTheDocument();
    expect(await screen.findByText("Runner (1)")).toBeInTheDocument();
    expect(within(table).queryByText("Laptop")).not.toBeInTheDocument();
  });

  it("revokes nothing when the dialog is cancelled", async () => {
    const user = userEvent.setup();
    const { revoked } = setup();
    renderApp("/profile");
    await user.click(await screen.findByRole("button", { name: "Runner Laptop widerrufen" }));
    const dialog = await screen.findByRole("dialog", { name: "Runner widerrufen" });
    await user.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(revoked).toEqual([]);
  });

  it("shows the empty state with a way to pair a runner", async () => {
    setup({}, []);
    renderApp("/profile");
    expect(await screen.findByText("Noch kein Runner verbunden")).toBeInTheDocument();
    expect(screen.getByText("Runner (0)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Runner verbinden" })).toHaveAttribute("href", "/dsbot-auth");
  });

  it("shows an error state when the runners cannot be loaded", async () => {
    setup({ "GET /api/dsbot-auth/tokens": () => apiError(500, "internal", errorMessages.internal) });
    renderApp("/profile");
    expect(await screen.findByText(errorMessages.internal)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Erneut versuchen" })).toBeInTheDocument();
  });
});

describe("Profile password", { timeout: 60_000 }, () => {
  async function changePassword(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText(/Aktuelles Passwort/), "altes-passwort");
    await user.type(screen.getByLabelText(/^Neues Passwort( \*)?$/), "neues-passwort-123");
    await user.type(screen.getByLabelText(/Neues Passwort wiederholen/), "neues-passwort-123");
    await user.click(screen.getByRole("button", { name: "Passwort ändern" }));
  }

  it("says that the other sessions and the runners were signed out, and reloads the runner list", async () => {
    const user = userEvent.setup();
    let changed = false;
    const bodies: unknown[] = [];
    setup({
      "POST /api/profile/password": ({ body }) => {
        bodies.push(body);
        changed = true;
        return new Response(null, { status: 204 });
      },
      "GET /api/dsbot-auth/tokens": () => json(200, { runners: changed ? [] : [laptop] }),
    });
    renderApp("/profile");
    await screen.findByRole("table", { name: "Meine Runner" });
    expect(screen.getByText(/alle deine Runner abgemeldet\. Verbinde die Runner danach unter Dsbot Auth neu/)).toBeInTheDocument();
    await changePassword(user);

    await waitFor(() => expect(bodies).toEqual([{ currentPassword: "altes-passwort", newPassword: "neues-passwort-123" }]));
    expect(await screen.findByText(/Dein Passwort wurde geändert\. Deine anderen Sitzungen wurden beendet und deine Runner abgemeldet/)).toBeInTheDocument();
    expect(await screen.findByText("Noch kein Runner verbunden")).toBeInTheDocument();
  });

  it("shows the server's message under the current password when it answers 429", async () => {
    const user = userEvent.setup();
    setup({ "POST /api/profile/password": () => apiError(429, "too_many_requests", errorMessages.tooManyAttempts) });
    renderApp("/profile");
    await changePassword(user);
    const current = screen.getByLabelText(/Aktuelles Passwort/);
    await waitFor(() => expect(current).toHaveAccessibleDescription(expect.stringContaining(errorMessages.tooManyAttempts)));
    expect(screen.queryByText(/Dein Passwort wurde geändert/)).not.toBeInTheDocument();
  });
});

describe("Profile world", { timeout: 60_000 }, () => {
  const known = (world: string, villages: number) => ({
    id: villages + 1,
    server: "die-staemme.de",
    world,
    villages,
    players: villages > 0 ? 10234 : 0,
    allies: villages > 0 ? 534 : 0,
    dataVersion: villages > 0 ? 1 : 0,
    lastImportAt: null,
    lastSyncAt: null,
    lastSyncError: null,
    syncEnabled: true,
    syncing: false,
    config: null,
    units: null,
  });

  function setupWorld(worlds: unknown[], who = plainUser) {
    const saved: unknown[] = [];
    setup({
      "GET /api/auth/me": () => json(200, { user: who }),
      "GET /api/worlds": () => json(200, { worlds }),
      "PATCH /api/profile": ({ body }) => {
        saved.push(body);
        const world = (body as { world: typeof who.world }).world;
        return json(200, { user: { ...who, world } });
      },
    });
    signIn(who);
    return saved;
  }

  it("chooses the world from the known worlds, labelled with their villages", async () => {
    const user = userEvent.setup();
    const saved = setupWorld([known("de230", 38219), known("de232", 0)]);
    renderApp("/profile");
    const select = await screen.findByRole("combobox", { name: "Welt" });
    // plainUser plays on de231, which the server does not know: it stays selectable.
    await waitFor(() => expect(select).toHaveValue("DE231 · die-staemme.de – nicht unter den bekannten Welten"));
    expect(screen.queryByRole("combobox", { name: /^Server/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Andere Welt eingeben" })).not.toBeInTheDocument();

    await user.click(select);
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "DE231 · die-staemme.de – nicht unter den bekannten Welten",
      "DE230 · die-staemme.de – 38.219 Dörfer",
      "DE232 · die-staemme.de – noch keine Daten",
    ]);
    await user.click(within(listbox).getByRole("option", { name: "DE230 · die-staemme.de – 38.219 Dörfer" }));
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(saved).toEqual([{ world: { server: "die-staemme.de", world: "de230" } }]));
    expect(await screen.findByText("Deine Welt wurde gespeichert.")).toBeInTheDocument();
  });

  it("keeps free entry when the server knows no world yet", async () => {
    const user = userEvent.setup();
    const saved = setupWorld([]);
    renderApp("/profile");
    const world = await screen.findByRole("textbox", { name: /^Welt/ });
    expect(screen.getByRole("combobox", { name: /^Server/ })).toHaveValue("die-staemme.de");
    await user.clear(world);
    await user.type(world, "DE240");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(saved).toEqual([{ world: { server: "die-staemme.de", world: "de240" } }]));
  });

  it("lets an admin type a world that is not known", async () => {
    const user = userEvent.setup();
    const saved = setupWorld([known("de230", 38219)], adminUser);
    renderApp("/profile");
    const select = await screen.findByRole("combobox", { name: "Welt" });
    await waitFor(() => expect(select).toHaveValue("DE230 · die-staemme.de – 38.219 Dörfer"));
    await user.click(screen.getByRole("button", { name: "Andere Welt eingeben" }));
    const world = screen.getByRole("textbox", { name: /^Welt/ });
    await user.clear(world);
    await user.type(world, "de999");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(saved).toEqual([{ world: { server: "die-staemme.de", world: "de999" } }]));
    await user.click(screen.getByRole("button", { name: "Aus den bekannten Welten wählen" }));
    expect(screen.getByRole("combobox", { name: "Welt" })).toBeInTheDocument();
  });
});
