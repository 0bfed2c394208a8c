// Stamm (/tribe): founding and joining (the code from /tribe/join/:code), the notice after being
// removed, and what an admin sees besides.
import { tribeMessages } from "@dsbot/protocol";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { dispatchRealtimeMessage } from "@/lib/realtime-dispatcher";
import { useSession } from "@/lib/session";
import { json } from "@/test/fetch-mock";
import { adminUser, plainUser } from "@/test/fixtures";
import { renderApp } from "@/test/render-app";
import { makeMember, makeTribe, tribeServer, VALID_CODE } from "../test/tribe-server";

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

const anna = makeMember({ userId: 3, username: "anna", role: "leader", playerName: "Anna" });

describe("Stamm", { timeout: 30_000 }, () => {
  it("without a tribe on the world, founds one and shows it", async () => {
    const user = userEvent.setup();
    const world = { id: 4, server: "die-staemme.de", world: "de231", dataVersion: 1 };
    const searched: (string | null)[] = [];
    const server = tribeServer(plainUser, [], {
      extra: {
        "GET /api/worlds": () => json(200, { worlds: [world] }),
        "GET /api/worlds/4/allies": ({ url }) => {
          searched.push(url.searchParams.get("searchVal"));
          return json(200, { allies: [{ id: 77, name: "Die Wächter", tag: "WACHT", members: 12, villages: 300, points: 1_000_000, allPoints: 1_200_000, rank: 3 }] });
        },
      },
    });
    renderApp("/tribe");
    const form = await screen.findByRole("form", { name: "Stamm gründen" });
    expect(screen.getByRole("form", { name: "Stamm beitreten" })).toBeInTheDocument();

    // Empty fields are refused before anything is sent.
    await user.click(within(form).getByRole("button", { name: "Gründen" }));
    expect(await within(form).findAllByText("Eingabe erforderlich")).toHaveLength(2);
    expect(server.bodiesOf("POST /api/tribes")).toEqual([]);

    await user.type(within(form).getByLabelText("Name"), "Die Wächter");
    await user.type(within(form).getByLabelText("Tag"), "WACHT");
    // The in-game tribe, searched on the world's data.
    await user.type(await within(form).findByRole("combobox", { name: /Stamm im Spiel/ }), "Wäch");
    fireEvent.click(await screen.findByRole("option", { name: "Die Wächter [WACHT]" }));
    expect(searched).toContain("Wäch");
    await user.click(within(form).getByRole("button", { name: "Gründen" }));
    await waitFor(() => expect(server.bodiesOf("POST /api/tribes")).toEqual([{ name: "Die Wächter", tag: "WACHT", gameAllyId: 77 }]));

    expect(await screen.findByText("Der Stamm „Die Wächter“ wurde gegründet.")).toBeInTheDocument();
    const header = await screen.findByTestId("tribe-header");
    expect(header).toHaveTextContent("Die Wächter [WACHT]");
    expect(header).toHaveTextContent("DE231");
    expect(within(header).getByText("Anführer")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Stamm gründen" })).not.toBeInTheDocument();
    const members = screen.getByRole("table", { name: "Mitglieder des Stamms" });
    expect(within(members).getByText("demo")).toBeInTheDocument();
  });

  it("joins with the code from /tribe/join/:code, and says why a wrong one fails", async () => {
    const user = userEvent.setup();
    const joinable = makeTribe({ id: 5, members: [anna] });
    const server = tribeServer(plainUser, [joinable], { joinable });
    const { router } = renderApp("/tribe/join/FALSCH");
    const form = await screen.findByRole("form", { name: "Stamm beitreten" });
    const field = within(form).getByLabelText("Einladungscode");
    expect(field).toHaveValue("FALSCH");
    await user.click(within(form).getByRole("button", { name: "Beitreten" }));
    expect(await screen.findByText(tribeMessages.inviteInvalid)).toBeInTheDocument();

    await act(() => router.navigate(`/tribe/join/${VALID_CODE.toLowerCase()}`));
    await waitFor(() => expect(within(screen.getByRole("form", { name: "Stamm beitreten" })).getByLabelText("Einladungscode")).toHaveValue(VALID_CODE.toLowerCase()));
    await user.click(within(screen.getByRole("form", { name: "Stamm beitreten" })).getByRole("button", { name: "Beitreten" }));
    // What was pasted goes upper-cased.
    await waitFor(() => expect(server.bodiesOf("POST /api/tribes/join")).toEqual([{ code: "FALSCH" }, { code: VALID_CODE }]));
    expect(await screen.findByText("Du bist dem Stamm „Die Wächter“ beigetreten.")).toBeInTheDocument();
    const header = await screen.findByTestId("tribe-header");
    expect(within(header).getByText("Mitglied")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/tribe"));
  });

  it("goes back to the start with a notice once the user was removed", async () => {
    const server = tribeServer(plainUser, [makeTribe({ id: 5, members: [anna, makeMember({ userId: 2, username: "demo" })] })]);
    renderApp("/tribe");
    await screen.findByTestId("tribe-header");
    server.removeUser(5);
    act(() => dispatchRealtimeMessage({ type: "tribe-updated", data: { tribeId: 5 } }));
    expect(await screen.findByText("Du bist nicht mehr in diesem Stamm.")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Stamm gründen" })).toBeInTheDocument();
    expect(screen.queryByTestId("tribe-header")).not.toBeInTheDocument();
  });

  it("shows an error with a retry when the tribes cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    tribeServer(plainUser, [], { refuse: { "GET /api/tribes": () => (fail ? new Response(null, { status: 500 }) : undefined) } });
    renderApp("/tribe");
    expect(await screen.findByText("Die Daten konnten nicht geladen werden.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect(await screen.findByRole("form", { name: "Stamm gründen" })).toBeInTheDocument();
  });

  it("an admin sees every tribe and their own on other worlds, and opens one", async () => {
    const user = userEvent.setup();
    const admin = makeMember({ userId: 1, username: "admin", role: "leader" });
    tribeServer(adminUser, [
      makeTribe({ id: 5, name: "Nordwacht", tag: "NW", world: { server: "die-staemme.de", world: "de231" }, members: [admin] }),
      makeTribe({ id: 6, name: "Südsturm", tag: "SST", world: { server: "die-staemme.de", world: "de230" }, members: [anna] }),
    ]);
    renderApp("/tribe");
    // Not in a tribe on de230: the start, the link to the own tribe elsewhere, and the list of all.
    expect(await screen.findByRole("form", { name: "Stamm gründen" })).toBeInTheDocument();
    expect(await screen.findByText("Deine Stämme auf anderen Welten")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Nordwacht [NW]" })[0]).toHaveAttribute("href", "/tribe/5");
    const all = await screen.findByRole("table", { name: "Alle Stämme" });
    expect(within(all).getByRole("link", { name: "Südsturm [SST]" })).toHaveAttribute("href", "/tribe/6");

    await user.click(within(all).getByRole("link", { name: "Südsturm [SST]" }));
    const header = await screen.findByTestId("tribe-header");
    expect(header).toHaveTextContent("Südsturm [SST]");
    expect(within(header).getByText("Ansicht als Administrator")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Meine Einstellungen" })).not.toBeInTheDocument();
    expect(screen.queryByText("Einladungen")).not.toBeInTheDocument();
  });

  it("a tribe that is not there leads back to /tribe", async () => {
    tribeServer(plainUser, []);
    renderApp("/tribe/6");
    expect(await screen.findByText("Stamm nicht gefunden")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zum Stamm" })).toHaveAttribute("href", "/tribe");
  });
});
