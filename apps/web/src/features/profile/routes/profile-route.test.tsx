import { errorMessages } from "@dsbot/protocol";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

configure({ asyncUtilTimeout: 5000 });

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

describe("Profile runners", { timeout: 20_000 }, () => {
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

describe("Profile password", { timeout: 20_000 }, () => {
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
