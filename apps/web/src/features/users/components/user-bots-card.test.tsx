import type { UserBot } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { json, mockFetch } from "@/test/fetch-mock";
import { makeBot } from "@/test/bot-fixtures";
import { adminUser } from "@/test/fixtures";
import { signIn } from "@/test/render-app";
import { renderUi } from "@/test/render-ui";
import { UserBotsCard } from "./user-bots-card";

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

const world = { server: "die-staemme.de", world: "de230" };
const own: UserBot = { id: 1, dsPlayer: { name: "Kalle" }, world, status: "online", access: "owner", grantedAt: null };
const shared: UserBot = { id: 5, dsPlayer: { name: "Zora" }, world, status: null, access: "granted", grantedAt: "2026-11-20T10:00:00.000Z" };

/** The user's bots as the server keeps them, so refetches show grants and revokes. */
function setup() {
  let bots: UserBot[] = [own, shared];
  const requests: string[] = [];
  mockFetch({
    "GET /api/users/2/dsbots": () => json(200, { dsbots: bots }),
    "GET /api/dsbot": () => json(200, { dsbots: [makeBot({ id: 1, dsPlayer: { name: "Kalle" } }), makeBot({ id: 9, dsPlayer: { name: "Bruno" } })], totals: 2 }),
    "POST /api/dsbot/9/permission/user/2": ({ url }) => {
      requests.push(`POST ${url.pathname}`);
      bots = [...bots, { id: 9, dsPlayer: { name: "Bruno" }, world, status: "offline", access: "granted", grantedAt: "2026-11-24T10:00:00.000Z" }];
      return new Response(null, { status: 204 });
    },
    "DELETE /api/dsbot/5/permission/user/2": ({ url }) => {
      requests.push(`DELETE ${url.pathname}`);
      bots = bots.filter((b) => b.id !== 5);
      return new Response(null, { status: 204 });
    },
  });
  signIn(adminUser);
  return { requests };
}

describe("Benutzerdetail: the user's bots", { timeout: 60_000 }, () => {
  it("lists own and granted bots; a revoke asks first and takes the grant away", async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    renderUi(<UserBotsCard userId={2} username="demo" />);
    const table = await screen.findByRole("table", { name: "Bots des Benutzers" });
    expect(await screen.findByText("Bots (2)")).toBeInTheDocument();
    const kalle = within(table).getByRole("row", { name: /Kalle/ });
    expect(kalle).toHaveTextContent("Besitzer");
    expect(within(kalle).queryByRole("button")).toBeNull();
    const zora = within(table).getByRole("row", { name: /Zora/ });
    expect(zora).toHaveTextContent("Freigegeben seit 20.11.26");

    await user.click(within(zora).getByRole("button", { name: "Zugriff auf Zora entziehen" }));
    const dialog = await screen.findByRole("dialog", { name: "Zugriff entziehen" });
    expect(dialog).toHaveTextContent("demo verliert den Zugriff auf den Bot „Zora“.");
    await user.click(within(dialog).getByRole("button", { name: "Entziehen" }));
    expect(await screen.findByText("Der Zugriff auf „Zora“ wurde entzogen.")).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole("row", { name: /Zora/ })).toBeNull());
    expect(requests).toEqual(["DELETE /api/dsbot/5/permission/user/2"]);
  });

  it("grants a bot found by its player's name; the user's own bots are not offered", async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    renderUi(<UserBotsCard userId={2} username="demo" />);
    await screen.findByRole("table", { name: "Bots des Benutzers" });
    const submit = screen.getByRole("button", { name: "Freigeben" });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole("combobox", { name: "Bot freigeben" }), "r");
    const option = await screen.findByRole("option", { name: "Bruno · DE230 (#9)" });
    expect(screen.queryByRole("option", { name: /Kalle/ })).toBeNull();
    await user.click(option);
    await user.click(submit);
    expect(await screen.findByText("Der Zugriff auf „Bruno · DE230 (#9)“ wurde erteilt.")).toBeInTheDocument();
    expect(requests).toEqual(["POST /api/dsbot/9/permission/user/2"]);
    expect(await screen.findByText("Bots (3)")).toBeInTheDocument();
  });
});
