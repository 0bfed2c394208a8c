import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { json } from "@/test/fetch-mock";
import { adminUser, plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";
import { useAttackTable } from "../stores/attack-table-store";
import { makePlan } from "../test-fixtures";
import { mockPlanPage } from "../test-setup";

beforeEach(() => useAttackTable.getState().reset());

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
});

describe("Freigaben", { timeout: 60_000 }, () => {
  it("lists the grants, changes a level, revokes after confirming and shares with a user by name", async () => {
    signIn(plainUser);
    const user = userEvent.setup();
    const calls: string[] = [];
    mockPlanPage({
      routes: {
        "GET /api/attack-plans/7/permissions": () =>
          json(200, { permissions: [{ userId: 3, username: "berta", level: "read", grantedAt: "2025-03-01T09:30:00.000Z" }] }),
        "POST /api/attack-plans/7/permission/user/3": ({ body }) => {
          calls.push(`grant 3 ${JSON.stringify(body)}`);
          return new Response(null, { status: 204 });
        },
        "DELETE /api/attack-plans/7/permission/user/3": () => {
          calls.push("revoke 3");
          return new Response(null, { status: 204 });
        },
        "GET /api/users/lookup": ({ url }) =>
          url.searchParams.get("username") === "otto" ? json(200, { user: { id: 4, username: "Otto" } }) : json(404, { error: { code: "not_found", message: "Diesen Benutzer gibt es nicht." } }),
        "POST /api/attack-plans/7/permission/user/4": ({ body }) => {
          calls.push(`grant 4 ${JSON.stringify(body)}`);
          return new Response(null, { status: 204 });
        },
      },
    });
    renderApp("/attack-plans/7");
    await user.click(await screen.findByRole("button", { name: "Freigaben" }));
    const dialog = await screen.findByRole("dialog", { name: "Freigaben" });
    const list = await within(dialog).findByRole("list", { name: "Freigabeliste" });
    expect(list).toHaveTextContent("berta");

    await user.click(within(list).getByRole("combobox", { name: "Recht von berta" }));
    await user.click(await screen.findByRole("option", { name: "Bearbeiten" }));
    await waitFor(() => expect(calls).toEqual(['grant 3 {"level":"edit"}']));

    await user.click(within(list).getByRole("button", { name: "Freigabe für berta entziehen" }));
    const confirmDialog = await screen.findByRole("dialog", { name: "Freigabe entziehen" });
    await user.click(within(confirmDialog).getByRole("button", { name: "Entziehen" }));
    await waitFor(() => expect(calls).toContain("revoke 3"));

    const name = within(dialog).getByRole("combobox", { name: "Benutzername" });
    await user.type(name, "nobody");
    await user.click(within(dialog).getByRole("button", { name: "Freigeben" }));
    expect(await within(dialog).findByText("Diesen Benutzer gibt es nicht.")).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "otto");
    await user.click(within(dialog).getByRole("button", { name: "Freigeben" }));
    await waitFor(() => expect(calls).toContain('grant 4 {"level":"read"}'));
    expect(await screen.findByText("Der Plan wurde freigegeben.")).toBeInTheDocument();
  });

  it("is offered to the owner and admins only", async () => {
    signIn(adminUser);
    mockPlanPage({ plan: makePlan({ id: 7, name: "Geteilt", access: "edit" }) });
    renderApp("/attack-plans/7");
    expect(await screen.findByRole("button", { name: "Angriff hinzufügen" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Freigaben" })).not.toBeInTheDocument();
  });
});
