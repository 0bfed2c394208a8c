// A tribe's page: what the Anführer manages (roles, hand over, remove, invitations, settings) and what a
// member sees and sets for themselves; the server's refusals in German.
import type { TribeDetail } from "@dsbot/protocol";
import { tribeMessages, tribeJoinPath } from "@dsbot/protocol";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { apiError } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp } from "@/test/render-app";
import { makeInvite, makeMember, makeTribe, tribeServer, VALID_CODE } from "../test/tribe-server";

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

const recently = new Date(Date.now() - 5 * 60_000).toISOString();

/** demo (the signed-in user) with `role`, Anna (two of three bots online, world data) and Bert. */
function tribe(role: "leader" | "member"): TribeDetail {
  return makeTribe({
    id: 5,
    members: [
      makeMember({ userId: 2, username: "demo", role, playerName: "Demo", troopSharing: "defensive" }),
      makeMember({
        userId: 3,
        username: "anna",
        role: role === "leader" ? "coordinator" : "leader",
        playerName: "Anna",
        troopSharing: "all",
        bots: [
          { id: 31, playerName: "Anna", online: true },
          { id: 32, playerName: "Anna2", online: true },
          { id: 33, playerName: "Anna3", online: false },
        ],
        lastScanAt: recently,
        villages: 12,
        points: 34567,
      }),
      makeMember({ userId: 4, username: "bert" }),
    ],
  });
}

const row = (name: string) => within(screen.getByRole("table", { name: "Mitglieder des Stamms" })).getByText(name).closest("tr") as HTMLElement;

describe("Stamm: a tribe's page", { timeout: 30_000 }, () => {
  it("keeps the members view live: a member's bot coming online or a new scan shows without a reload, the board is not fetched again", async () => {
    const server = tribeServer(plainUser, [tribe("member")]);
    renderApp("/tribe");
    await screen.findByTestId("tribe-header");
    expect(row("bert")).toHaveTextContent("Noch nie");
    const boardReads = () => server.calls.filter((c) => c.key.startsWith("GET /api/tribes/5/incomings")).length;
    await waitFor(() => expect(boardReads()).toBeGreaterThan(0));
    const before = boardReads();
    server.setMember(5, 4, { bots: [{ id: 41, playerName: "Bert", online: true }], lastScanAt: recently });
    act(() => dispatchRealtimeMessage({ type: "tribe-members-updated", data: { tribeId: 5 } }));
    await waitFor(() => expect(row("bert")).toHaveTextContent("1 von 1 online"));
    expect(row("bert")).toHaveTextContent("vor 5 Minuten");
    expect(boardReads()).toBe(before);
  });

  it("the Anführer sees the members with their data and manages roles, the lead and removals", async () => {
    const user = userEvent.setup();
    const server = tribeServer(plainUser, [tribe("leader")]);
    renderApp("/tribe");
    await screen.findByTestId("tribe-header");
    const anna = row("anna");
    expect(anna).toHaveTextContent("2 von 3 online");
    expect(within(anna).getByRole("img", { name: "Anna3: offline" })).toBeInTheDocument();
    expect(anna).toHaveTextContent("vor 5 Minuten");
    expect(anna).toHaveTextContent("34.567");
    expect(anna).toHaveTextContent("Alle");
    const bert = row("bert");
    expect(bert).toHaveTextContent("Keine Bots");
    expect(bert).toHaveTextContent("Noch nie");
    expect(within(bert).getAllByText("–")).toHaveLength(2);
    // The leader's own row has no actions.
    expect(within(row("demo")).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Einladungen" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Stamm auflösen" })).toBeInTheDocument();

    await user.click(within(bert).getByRole("combobox", { name: "Rolle von bert" }));
    fireEvent.click(await screen.findByRole("option", { name: "Koordinator" }));
    await waitFor(() => expect(server.bodiesOf("PATCH /api/tribes/5/members/4")).toEqual([{ role: "coordinator" }]));
    expect(await screen.findByText("bert ist jetzt Koordinator.")).toBeInTheDocument();

    await user.click(within(row("bert")).getByRole("button", { name: "bert entfernen" }));
    const dialog = await screen.findByRole("dialog", { name: "Mitglied entfernen" });
    await user.click(within(dialog).getByRole("button", { name: "Entfernen" }));
    expect(await screen.findByText("bert wurde aus dem Stamm entfernt.")).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Mitglieder des Stamms" })).queryByText("bert")).not.toBeInTheDocument());

    await user.click(within(row("anna")).getByRole("button", { name: "Führung an anna übergeben" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Führung übergeben" })).getByRole("button", { name: "Führung übergeben" }));
    await waitFor(() => expect(server.bodiesOf("POST /api/tribes/5/leader")).toEqual([{ userId: 3 }]));
    expect(await screen.findByText("anna führt den Stamm jetzt.")).toBeInTheDocument();
    // No longer the leader: the management is gone.
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Einladungen" })).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Stamm auflösen" })).not.toBeInTheDocument();
  });

  it("a member sees no management and saves their own settings", async () => {
    const user = userEvent.setup();
    const server = tribeServer(plainUser, [tribe("member")]);
    renderApp("/tribe");
    const header = await screen.findByTestId("tribe-header");
    expect(within(header).getByText("Mitglied")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Einladungen" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stamm auflösen" })).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Aktionen" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /entfernen$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /^Rolle von/ })).not.toBeInTheDocument();
    expect(server.calls.map((c) => c.key)).not.toContain("GET /api/tribes/5/invites");

    const form = screen.getByRole("form", { name: "Meine Einstellungen" });
    expect(within(form).getByRole("button", { name: "Speichern" })).toBeDisabled();
    await user.click(within(form).getByRole("combobox", { name: "Truppen mit dem Stamm teilen" }));
    fireEvent.click(await screen.findByRole("option", { name: "Alle" }));
    const name = within(form).getByRole("textbox", { name: "Spielername" });
    await user.clear(name);
    await user.type(name, "Kalle");
    await user.click(within(form).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(server.bodiesOf("PATCH /api/tribes/5/me")).toEqual([{ troopSharing: "all", playerName: "Kalle" }]));
    expect(await screen.findByText("Deine Einstellungen wurden gespeichert.")).toBeInTheDocument();
    expect(await within(row("demo")).findByText("Kalle")).toBeInTheDocument();
  });

  it("a new invitation's code and link show once; an open one can be withdrawn", async () => {
    const user = userEvent.setup();
    const server = tribeServer(plainUser, [tribe("leader")], { invites: [makeInvite({ id: 11, hint: "ZZ99", maxUses: 5, uses: 2 })] });
    renderApp("/tribe");
    const invites = await screen.findByRole("table", { name: "Offene Einladungen" });
    const open = within(invites).getByText("ZZ99…").closest("tr") as HTMLElement;
    expect(open).toHaveTextContent("demo");
    expect(open).toHaveTextContent("2 / 5");

    const form = screen.getByRole("form", { name: "Einladung erstellen" });
    await user.click(within(form).getByRole("combobox", { name: "Gültig für" }));
    fireEvent.click(await screen.findByRole("option", { name: "7 Tage" }));
    await user.type(within(form).getByRole("textbox", { name: "Höchstens" }), "3");
    await user.click(within(form).getByRole("button", { name: "Einladung erstellen" }));
    await waitFor(() => expect(server.bodiesOf("POST /api/tribes/5/invites")).toEqual([{ expiresInHours: 168, maxUses: 3 }]));

    const created = await screen.findByTestId("tribe-invite-created");
    expect(within(created).getByTestId("tribe-invite-code")).toHaveTextContent(VALID_CODE);
    expect(within(created).getByTestId("tribe-invite-link")).toHaveTextContent(window.location.origin + tribeJoinPath(VALID_CODE));
    expect(within(created).getByText("Der Code wird nur jetzt angezeigt.")).toBeInTheDocument();
    expect(within(created).getByRole("button", { name: "Code kopieren" })).toBeInTheDocument();
    expect(within(created).getByRole("button", { name: "Link kopieren" })).toBeInTheDocument();
    // The list has its hint only.
    expect(await within(invites).findByText("K7QX…")).toBeInTheDocument();
    await user.click(within(created).getByRole("button", { name: "Ausblenden" }));
    expect(screen.queryByTestId("tribe-invite-code")).not.toBeInTheDocument();
    expect(screen.queryByText(VALID_CODE)).not.toBeInTheDocument();

    await user.click(within(open).getByRole("button", { name: "Einladung ZZ99… zurückziehen" }));
    expect(await screen.findByText("Die Einladung wurde zurückgezogen.")).toBeInTheDocument();
    await waitFor(() => expect(within(invites).queryByText("ZZ99…")).not.toBeInTheDocument());
  });

  it("the Anführer cannot leave: the server's reason shows", async () => {
    const user = userEvent.setup();
    tribeServer(plainUser, [tribe("leader")], { refuse: { "POST /api/tribes/5/leave": () => apiError(409, "conflict", tribeMessages.leaderLeaves) } });
    renderApp("/tribe");
    await user.click(await screen.findByRole("button", { name: "Stamm verlassen" }));
    const confirm = await screen.findByRole("dialog", { name: "Stamm verlassen" });
    expect(confirm).toHaveTextContent("Vom Stamm für dich geplante Unterstützungen, die noch nicht losgeschickt sind, werden abgesagt.");
    await user.click(within(confirm).getByRole("button", { name: "Stamm verlassen" }));
    expect(await screen.findByText(tribeMessages.leaderLeaves)).toBeInTheDocument();
    expect(screen.getByTestId("tribe-header")).toBeInTheDocument();
  });

  it("a member leaves and is back at the start, without the removal notice", async () => {
    const user = userEvent.setup();
    const server = tribeServer(plainUser, [tribe("member")]);
    renderApp("/tribe");
    await user.click(await screen.findByRole("button", { name: "Stamm verlassen" }));
    const confirm = await screen.findByRole("dialog", { name: "Stamm verlassen" });
    expect(confirm).toHaveTextContent("Vom Stamm für dich geplante Unterstützungen, die noch nicht losgeschickt sind, werden abgesagt.");
    await user.click(within(confirm).getByRole("button", { name: "Stamm verlassen" }));
    expect(await screen.findByText("Du hast den Stamm „Die Wächter“ verlassen.")).toBeInTheDocument();
    expect(await screen.findByRole("form", { name: "Stamm gründen" })).toBeInTheDocument();
    expect(screen.queryByText("Du bist nicht mehr in diesem Stamm.")).not.toBeInTheDocument();
    expect(server.calls.map((c) => c.key)).toContain("POST /api/tribes/5/leave");
  });
});
