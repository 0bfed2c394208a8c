import { errorMessages } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { adminUser, plainUser } from "@/test/fixtures";
import { signIn } from "@/test/render-app";
import { renderUi } from "@/test/render-ui";
import { BotAccessCard } from "./bot-access-card";

const grantedDemo = { userId: 2, username: "demo", grantedAt: "2025-03-03T10:00:00.000Z" };

/** Records every request path (with query) in order; the permission list shows demo once granted. */
function setup(extra: Record<string, FetchHandler> = {}) {
  const requests: string[] = [];
  let granted = false;
  const record =
    (handler: FetchHandler): FetchHandler =>
    (request) => {
      requests.push(`${request.init?.method ?? "GET"} ${request.url.pathname}${request.url.search}`);
      return handler(request);
    };
  const routes: Record<string, FetchHandler> = {
    "GET /api/dsbot/1/permissions": () => json(200, { permissions: granted ? [grantedDemo] : [] }),
    "GET /api/users/lookup": ({ url }) =>
      url.searchParams.get("username")?.toLowerCase() === "demo"
        ? json(200, { user: { id: 2, username: "demo" } })
        : apiError(404, "not_found", errorMessages.userNotFound),
    "GET /api/users": () => json(200, { users: [plainUser], totals: 1 }),
    "POST /api/dsbot/1/permission/user/2": () => {
      granted = true;
      return new Response(null, { status: 204 });
    },
    ...extra,
  };
  mockFetch(Object.fromEntries(Object.entries(routes).map(([key, handler]) => [key, record(handler)])));
  return { requests, grants: () => requests.filter((r) => r.startsWith("POST /api/dsbot/1/permission/user/")) };
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  // Toasts outlive a render: a fresh toaster would replay the last test's alerts.
  toast.dismiss();
});

describe("Bot access: grant by username", { timeout: 60_000 }, () => {
  it("looks the exact name up, grants the found user id, clears the field and refreshes the list", async () => {
    const user = userEvent.setup();
    signIn(plainUser);
    const { requests, grants } = setup();
    renderUi(<BotAccessCard botId={1} />);
    expect(await screen.findByText("Nur du hast Zugriff.")).toBeInTheDocument();

    const field = screen.getByRole("textbox", { name: "Benutzername" });
    await user.type(field, "Demo");
    await user.click(screen.getByRole("button", { name: "Zugriff geben" }));

    expect(await screen.findByText("Der Zugriff wurde erteilt.")).toBeInTheDocument();
    expect(grants()).toEqual(["POST /api/dsbot/1/permission/user/2"]);
    const lookupAt = requests.indexOf("GET /api/users/lookup?username=Demo");
    expect(lookupAt).toBeGreaterThanOrEqual(0);
    expect(lookupAt).toBeLessThan(requests.indexOf("POST /api/dsbot/1/permission/user/2"));
    expect(field).toHaveValue("");
    const list = await screen.findByRole("list", { name: "Zugriffsliste" });
    expect(within(list).getByText("demo")).toBeInTheDocument();
    // A non-admin cannot list users: no suggestions are asked for.
    expect(requests.some((r) => r.startsWith("GET /api/users?"))).toBe(false);
  });

  it("shows 'user not found' under the field and grants nothing", async () => {
    const user = userEvent.setup();
    signIn(plainUser);
    const { requests, grants } = setup();
    renderUi(<BotAccessCard botId={1} />);
    const field = await screen.findByRole("textbox", { name: "Benutzername" });
    await user.type(field, "niemand");
    await user.click(screen.getByRole("button", { name: "Zugriff geben" }));

    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(errorMessages.userNotFound)));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(requests).toContain("GET /api/users/lookup?username=niemand");
    expect(grants()).toEqual([]);
    expect(field).toHaveValue("niemand");
  });

  it("reports a rate-limited lookup as an alert and grants nothing", async () => {
    const user = userEvent.setup();
    signIn(plainUser);
    const { grants } = setup({ "GET /api/users/lookup": () => apiError(429, "too_many_requests", errorMessages.tooManyRequests) });
    renderUi(<BotAccessCard botId={1} />);
    const field = await screen.findByRole("textbox", { name: "Benutzername" });
    await user.type(field, "demo");
    await user.click(screen.getByRole("button", { name: "Zugriff geben" }));

    expect(await screen.findByTestId("alert-danger")).toHaveTextContent(errorMessages.tooManyRequests);
    expect(field).not.toHaveAttribute("aria-invalid", "true");
    expect(grants()).toEqual([]);
  });

  it("shows the server's refusal to grant the owner under the field", async () => {
    const user = userEvent.setup();
    signIn(plainUser);
    const { grants } = setup({ "POST /api/dsbot/1/permission/user/2": () => apiError(409, "conflict", errorMessages.ownerHasAccess) });
    renderUi(<BotAccessCard botId={1} />);
    const field = await screen.findByRole("textbox", { name: "Benutzername" });
    await user.type(field, "demo");
    await user.click(screen.getByRole("button", { name: "Zugriff geben" }));

    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(errorMessages.ownerHasAccess)));
    expect(grants()).toEqual(["POST /api/dsbot/1/permission/user/2"]);
    expect(screen.queryByText("Der Zugriff wurde erteilt.")).not.toBeInTheDocument();
  });

  it("offers admins the matching usernames and grants the picked one", async () => {
    const user = userEvent.setup();
    signIn(adminUser);
    const { requests, grants } = setup();
    renderUi(<BotAccessCard botId={1} />);
    const field = await screen.findByRole("combobox", { name: "Benutzername" });
    await user.type(field, "de");
    await waitFor(() => expect(requests.some((r) => r.startsWith("GET /api/users?") && r.includes("searchVal=de"))).toBe(true));
    await user.click(await screen.findByRole("option", { name: "demo" }));
    expect(field).toHaveValue("demo");
    await user.click(screen.getByRole("button", { name: "Zugriff geben" }));

    expect(await screen.findByText("Der Zugriff wurde erteilt.")).toBeInTheDocument();
    expect(requests).toContain("GET /api/users/lookup?username=demo");
    expect(grants()).toEqual(["POST /api/dsbot/1/permission/user/2"]);
  });
});
