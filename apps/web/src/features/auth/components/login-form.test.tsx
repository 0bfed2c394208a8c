// The login form without a form library: the same labels, messages, focus and submit behaviour the
// react-hook-form + zod version had (e2e fixtures log in through it).
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/lib/session";
import { adminUser } from "@/test/fixtures";
import { apiError, json, mockFetch } from "@/test/fetch-mock";
import { renderUi } from "@/test/render-ui";
import { LoginForm } from "./login-form";

afterEach(() => {
  useSession.setState({ token: null, user: null });
});

function mockLogin() {
  return mockFetch({
    "POST /api/auth/login": ({ body }) => {
      const { username, password } = body as { username: string; password: string };
      return username === "admin" && password === "richtig-123"
        ? json(200, { token: "new-token", user: adminUser })
        : apiError(401, "unauthorized", "Benutzername oder Passwort ist falsch.");
    },
  });
}

const loginCalls = (fetch: ReturnType<typeof mockLogin>) => fetch.mock.calls.filter(([url]) => String(url).endsWith("/api/auth/login"));

describe("login form", () => {
  it("shows 'Eingabe erforderlich' under both empty fields, sends nothing and focuses the username", async () => {
    const user = userEvent.setup();
    const fetch = mockLogin();
    renderUi(<LoginForm onSuccess={vi.fn()} />);
    const username = await screen.findByRole("textbox", { name: "Benutzername" });
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findAllByText("Eingabe erforderlich")).toHaveLength(2);
    expect(username).toHaveAttribute("aria-invalid", "true");
    expect(username).toHaveFocus();
    expect(loginCalls(fetch)).toHaveLength(0);
  });

  it("focuses the password when only it is missing", async () => {
    const user = userEvent.setup();
    mockLogin();
    renderUi(<LoginForm onSuccess={vi.fn()} />);
    await user.type(await screen.findByRole("textbox", { name: "Benutzername" }), "admin");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findAllByText("Eingabe erforderlich")).toHaveLength(1);
    expect(screen.getByLabelText("Passwort")).toHaveFocus();
  });

  it("checks again on every change once submitted, not before", async () => {
    const user = userEvent.setup();
    mockLogin();
    renderUi(<LoginForm onSuccess={vi.fn()} />);
    const username = await screen.findByRole("textbox", { name: "Benutzername" });
    await user.type(username, "a");
    await user.clear(username);
    expect(screen.queryByText("Eingabe erforderlich")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findAllByText("Eingabe erforderlich")).toHaveLength(2);
    await user.type(username, "admin");
    expect(screen.getAllByText("Eingabe erforderlich")).toHaveLength(1);
    await user.clear(username);
    expect(screen.getAllByText("Eingabe erforderlich")).toHaveLength(2);
  });

  it("sends the trimmed username and the password as typed, stores the session and calls onSuccess", async () => {
    const user = userEvent.setup();
    const fetch = mockLogin();
    const onSuccess = vi.fn();
    renderUi(<LoginForm onSuccess={onSuccess} />);
    await user.type(await screen.findByRole("textbox", { name: "Benutzername" }), "  admin ");
    await user.type(screen.getByLabelText("Passwort"), "richtig-123");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(loginCalls(fetch).map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ username: "admin", password: "richtig-123" }]);
    expect(useSession.getState().token).toBe("new-token");
  });

  it("shows the server's answer inline under 'Anmeldung fehlgeschlagen'", async () => {
    const user = userEvent.setup();
    mockLogin();
    const onSuccess = vi.fn();
    renderUi(<LoginForm onSuccess={onSuccess} />);
    await user.type(await screen.findByRole("textbox", { name: "Benutzername" }), "admin");
    await user.type(screen.getByLabelText("Passwort"), "falsch");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Anmeldung fehlgeschlagen");
    expect(alert).toHaveTextContent("Benutzername oder Passwort ist falsch.");
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
