import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "@/lib/session";
import { adminUser, plainUser } from "@/test/fixtures";
import { RECENT_SEARCH_LIMIT, RECENT_SEARCHES_STORAGE_KEY, useRecentSearchesStore, withRecentSearch, type RecentSearch } from "./recent-searches-store";

function bot(id: number, date = "2026-03-01T10:00:00.000Z"): RecentSearch {
  return { label: `Bot ${id}`, routeLabel: "Bot", routerLink: { name: "DsbotDetail", params: { id } }, icon: "IconRobot", date };
}

afterEach(() => {
  useRecentSearchesStore.setState({ byUser: {} });
  useSession.setState({ token: null, user: null });
});

describe("withRecentSearch", () => {
  it("puts the newest first and keeps one entry per route", () => {
    const list = withRecentSearch(withRecentSearch(withRecentSearch([], bot(1)), bot(2)), bot(1, "2026-03-02T10:00:00.000Z"));
    expect(list.map((e) => e.label)).toEqual(["Bot 1", "Bot 2"]);
    expect(list[0]?.date).toBe("2026-03-02T10:00:00.000Z");
  });

  it("tells routes apart by params and query", () => {
    const dsbot: RecentSearch = { label: "Dsbot", routeLabel: "Downloads", routerLink: { name: "Downloads", query: { script: "dsbot" } }, icon: "IconDownload", date: "" };
    const userscript: RecentSearch = { ...dsbot, label: "Userscript", routerLink: { name: "Downloads", query: { script: "userscript" } } };
    const plan: RecentSearch = { label: "Plan", routeLabel: "Angriffsplan", routerLink: { name: "AttackPlanDetail", params: { id: 1 } }, icon: "IconTargetArrow", date: "" };
    expect(withRecentSearch(withRecentSearch(withRecentSearch([], dsbot), userscript), plan)).toHaveLength(3);
    expect(withRecentSearch(withRecentSearch([], bot(1)), plan)).toHaveLength(2);
  });

  it(`keeps at most ${RECENT_SEARCH_LIMIT}`, () => {
    let list: RecentSearch[] = [];
    for (let id = 1; id <= 13; id++) list = withRecentSearch(list, bot(id));
    expect(list).toHaveLength(RECENT_SEARCH_LIMIT);
    expect(list[0]?.label).toBe("Bot 13");
    expect(list.at(-1)?.label).toBe("Bot 4");
  });
});

describe("useRecentSearchesStore", () => {
  it("keeps each user's searches apart and persists them in the browser", () => {
    const { add, remove } = useRecentSearchesStore.getState();
    add(adminUser.id, bot(1));
    add(plainUser.id, bot(2));
    add(plainUser.id, bot(3));
    expect(useRecentSearchesStore.getState().byUser[adminUser.id]?.map((e) => e.label)).toEqual(["Bot 1"]);
    expect(useRecentSearchesStore.getState().byUser[plainUser.id]?.map((e) => e.label)).toEqual(["Bot 3", "Bot 2"]);

    remove(plainUser.id, { name: "DsbotDetail", params: { id: 3 } });
    expect(useRecentSearchesStore.getState().byUser[plainUser.id]?.map((e) => e.label)).toEqual(["Bot 2"]);
    expect(useRecentSearchesStore.getState().byUser[adminUser.id]).toHaveLength(1);
    expect(window.localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY)).toContain("Bot 2");
  });

  it("forgets everything when the user logs out", () => {
    useSession.setState({ token: "t", user: plainUser });
    useRecentSearchesStore.getState().add(plainUser.id, bot(1));
    useSession.getState().clear(true);
    expect(useRecentSearchesStore.getState().byUser).toEqual({});
    expect(window.localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY)).toBeNull();
  });
});
