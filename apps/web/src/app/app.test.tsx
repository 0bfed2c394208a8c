import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { adminUser, plainUser } from "@/test/fixtures";
import { apiError, json, mockFetch } from "@/test/fetch-mock";
import { renderApp, signIn } from "@/test/render-app";

const clientConfig = () => json(200, { apiBases: {}, version: "0.1.0" });

beforeEach(() => {
  mockFetch({
    "GET /api/client-config": clientConfig,
    "GET /api/auth/me": () => json(200, { user: useSession.getState().user }),
    "POST /api/auth/login": ({ body }) => {
      const { username, password } = body as { username: string; password: string };
      return username === "admin" && password === "richtig-123"
        ? json(200, { token: "new-token", user: adminUser })
        : apiError(401, "unauthorized", "Benutzername oder Passwort ist falsch.");
    },
    "POST /api/auth/logout": () => new Response(null, { status: 204 }),
    "GET /api/users": () => json(200, { users: [adminUser, plainUser], totals: 2 }),
  });
});

afterEach(() => {
  useSession.setState({ token: null, user: null });
});

describe("route guard", () => {
  it("sends a logged-out visitor to /login with the original path and query", async () => {
    const { router } = renderApp("/users?activePage=2");
    await screen.findByRole("textbox", { name: "Benutzername" });
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.search).toBe("?redirect=%2Fusers%3FactivePage%3D2");
    expect(document.body).toHaveClass("page--Login");
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Hauptnavigation" })).not.toBeInTheDocument();
  });

  it("returns to the redirect after login", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/login?redirect=%2Fprofile");
    await user.type(await screen.findByRole("textbox", { name: "Benutzername" }), "admin");
    await user.type(screen.getByLabelText("Passwort"), "richtig-123");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(useSession.getState().token).toBe("new-token");
  });

  it("does not follow a redirect to another site", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/login?redirect=%2F%2Fevil.example%2Fx");
    await user.type(await screen.findByRole("textbox", { name: "Benutzername" }), "admin");
    await user.type(screen.getByLabelText("Passwort"), "richtig-123");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("shows the server's message inline for a wrong password", async () => {
    const user = userEvent.setup();
    renderApp("/login");
    await user.type(await screen.findByRole("textbox", { name: "Benutzername" }), "admin");
    await user.type(screen.getByLabelText("Passwort"), "falsch");
    await user.click(screen.getByRole("button", { name: "Anmelden" }));
    expect(await screen.findByText("Benutzername oder Passwort ist falsch.")).toBeInTheDocument();
  });

  it("shows 'Eingabe erforderlich' for empty login fields", async () => {
    const user = userEvent.setup();
    renderApp("/login");
    await user.click(await screen.findByRole("button", { name: "Anmelden" }));
    expect(await screen.findAllByText("Eingabe erforderlich")).toHaveLength(2);
  });

  it("refuses /users to a non-admin", async () => {
    signIn(plainUser);
    renderApp("/users");
    expect(await screen.findByText("Dafür fehlt dir die Berechtigung.")).toBeInTheDocument();
  });

  it("re-initialises on Home and sends a signed-in user to the dashboard", async () => {
    signIn(adminUser);
    const { router } = renderApp("/");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });
});

describe("body class", () => {
  it("carries page--<RouteName> and drops the previous one on navigation", async () => {
    signIn(adminUser);
    const { router } = renderApp("/dashboard");
    await waitFor(() => expect(document.body).toHaveClass("page--Dashboard"));
    await router.navigate("/bots/7/timer");
    await waitFor(() => expect(document.body).toHaveClass("page--DsbotTimer"));
    expect(document.body).not.toHaveClass("page--Dashboard");
    await router.navigate("/users");
    await waitFor(() => expect(document.body).toHaveClass("page--Users"));
    expect(document.body).not.toHaveClass("page--DsbotTimer");
    await router.navigate("/scavenge");
    await waitFor(() => expect(document.body).toHaveClass("page--Scavenge"));
    expect(await screen.findByRole("heading", { name: "Raubzug" })).toBeInTheDocument();
  });
});

describe("sidebar", () => {
  it("marks the entry of the current route and hides 'Benutzer' from non-admins", async () => {
    signIn(plainUser);
    renderApp("/bots/3/config");
    const nav = await screen.findByRole("navigation", { name: "Hauptnavigation" });
    const current = within(nav).getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page");
    expect(current.map((l) => l.textContent)).toEqual(["Bots"]);
    expect(within(nav).queryByRole("link", { name: "Benutzer" })).not.toBeInTheDocument();
  });

  it("counts the open tab requests beside 'Tab Anfragen', without changing the link's name", async () => {
    let open = 3;
    mockFetch({
      "GET /api/client-config": clientConfig,
      "GET /api/auth/me": () => json(200, { user: useSession.getState().user }),
      "GET /api/tab-requests": ({ url }) => {
        expect(url.searchParams.get("done")).toBe("false");
        return json(200, { tabRequests: [], totals: open });
      },
    });
    signIn(plainUser);
    renderApp("/dashboard");
    const nav = await screen.findByRole("navigation", { name: "Hauptnavigation" });
    const link = within(nav).getByRole("link", { name: "Tab Anfragen" });
    expect(await within(link).findByTestId("sidebar-open-tab-requests")).toHaveTextContent("3");
    expect(link).toHaveAttribute("title", "3 offene Tab-Anfragen");
    open = 0;
    await queryClient.invalidateQueries({ queryKey: ["tab-requests"] });
    await waitFor(() => expect(within(link).queryByTestId("sidebar-open-tab-requests")).not.toBeInTheDocument());
  });

  it("navigates on a plain click and leaves modified clicks to the browser", async () => {
    signIn(adminUser);
    const user = userEvent.setup();
    const { router } = renderApp("/dashboard");
    const nav = await screen.findByRole("navigation", { name: "Hauptnavigation" });
    const link = within(nav).getByRole("link", { name: "Truppen" });
    expect(link).toHaveAttribute("href", "/dashboard-units");

    await user.keyboard("{Control>}");
    await user.click(link);
    await user.keyboard("{/Control}");
    expect(router.state.location.pathname).toBe("/dashboard");

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard-units"));
    // Pages load on demand: the navigation commits (and marks the link) once the page's code is in.
    await waitFor(() => expect(link).toHaveAttribute("aria-current", "page"));
  });
});

describe("header", () => {
  it("shows user, world label and the avatar menu; logout asks first and clears everything", async () => {
    signIn(adminUser);
    const user = userEvent.setup();
    const { router } = renderApp("/dashboard");
    const header = await screen.findByRole("banner");
    expect(within(header).getByText("dsbot")).toBeInTheDocument();
    expect(within(header).getByText("admin")).toBeInTheDocument();
    // Twice: beside the username from "sm" up, alone on a phone (CSS shows one of them).
    expect(within(header).getAllByText("DE230")).toHaveLength(2);
    expect(within(header).getByRole("button", { name: "Suche" })).toBeInTheDocument();
    expect(within(header).getByRole("button", { name: "Benachrichtigungen" })).toBeInTheDocument();

    const avatar = within(header).getByRole("button", { name: "Benutzermenü" });
    expect(avatar).toHaveTextContent("A");
    // A plain click, no pointer before it: the click loads the menu and opens it once it is there. (With
    // user.click the hover could load it first and mount the avatar anew before the press, which would
    // then go to the old, detached element; a real pointer always hits the button under it.)
    fireEvent.click(avatar);
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    const dialog = await screen.findByRole("dialog", { name: "Logout bestätigen" });
    await user.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Logout bestätigen" })).not.toBeInTheDocument());
    expect(useSession.getState().token).toBe("test-token");

    // The first click loaded the menu, which mounted the avatar button anew.
    await user.click(within(header).getByRole("button", { name: "Benutzermenü" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    const confirmDialog = await screen.findByRole("dialog", { name: "Logout bestätigen" });
    await user.click(within(confirmDialog).getByRole("button", { name: "Ausloggen" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("");
    expect(useSession.getState().token).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });
});
