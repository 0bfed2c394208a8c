import { describe, expect, it } from "vitest";
import { isPlainLeftClick, isSidebarItemActive, sidebarItems, visibleSidebarItems } from "./sidebar-items";

const order = [
  "Dashboard",
  "Truppen",
  "Raubzug",
  "Eingehende Angriffe",
  "Stamm",
  "Bots",
  "Angriffspläne",
  "Benutzer",
  "Koordinaten Filter",
  "Tab Anfragen",
  "Spieler Skills",
  "Karte",
  "Templates",
  "Downloads",
  "Dsbot Auth",
];

function activeLabels(routeName: string): string[] {
  return sidebarItems.filter((item) => isSidebarItemActive(item, routeName)).map((item) => item.label);
}

describe("sidebar entries", () => {
  it("follow the spec's order for admins", () => {
    expect(visibleSidebarItems(true).map((i) => i.label)).toEqual(order);
  });

  it("hide 'Benutzer' from non-admins", () => {
    expect(visibleSidebarItems(false).map((i) => i.label)).toEqual(order.filter((l) => l !== "Benutzer"));
  });

  it.each([
    ["Dsbots", "Bots"],
    ["DsbotDetail", "Bots"],
    ["DsbotDetailConfig", "Bots"],
    ["DsbotTimer", "Bots"],
    ["DsbotCommandScanner", "Bots"],
    ["DsbotDepot", "Bots"],
    ["AttackPlanDetail", "Angriffspläne"],
    ["UserDetail", "Benutzer"],
    ["AccountManagerTemplateDetail", "Templates"],
    ["DashboardIncommings", "Eingehende Angriffe"],
    ["Tribe", "Stamm"],
    ["TribeJoin", "Stamm"],
    ["TribeDetail", "Stamm"],
    ["DsPlayerSkills", "Spieler Skills"],
    ["Scavenge", "Raubzug"],
    ["DashboardUnits", "Truppen"],
  ])("highlight exactly one entry on %s", (routeName, label) => {
    expect(activeLabels(routeName)).toEqual([label]);
  });

  it("lead to Raubzug right after Truppen", () => {
    const labels = sidebarItems.map((item) => item.label);
    expect(labels.indexOf("Raubzug")).toBe(labels.indexOf("Truppen") + 1);
    expect(sidebarItems.find((item) => item.label === "Raubzug")).toMatchObject({ to: "/scavenge", icon: "IconShovel", section: "overview" });
  });

  it("highlight nothing on the profile", () => {
    expect(activeLabels("UserProfile")).toEqual([]);
  });
});

describe("isPlainLeftClick", () => {
  const base = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

  it("is true only for an unmodified left click", () => {
    expect(isPlainLeftClick(base)).toBe(true);
    expect(isPlainLeftClick({ ...base, button: 1 })).toBe(false);
    expect(isPlainLeftClick({ ...base, ctrlKey: true })).toBe(false);
    expect(isPlainLeftClick({ ...base, metaKey: true })).toBe(false);
    expect(isPlainLeftClick({ ...base, shiftKey: true })).toBe(false);
  });
});
