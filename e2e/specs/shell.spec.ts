// The app shell: body class, sidebar order/visibility/highlighting/middle click, header contents.
import type { Page } from "@playwright/test";
import { createUser, expect, loginAs, loginWith, sidebar, test } from "../fixtures";

const adminOrder = [
  "Dashboard",
  "Truppen",
  "Raubzug",
  "Eingehende Angriffe",
  // The tribe's page (Der Stamm) follows the incomings it is about.
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

async function sidebarLabels(page: Page): Promise<string[]> {
  const links = sidebar(page).getByRole("link");
  await expect(links.first()).toBeVisible();
  // The entries' labels, without a count beside them (the open tab requests' badge).
  return (await links.locator(".mantine-NavLink-label").allInnerTexts()).map((t) => t.trim());
}

test("the sidebar lists every entry in the spec's order for an admin", async ({ page }) => {
  await loginAs(page, "admin");
  expect(await sidebarLabels(page)).toEqual(adminOrder);
});

test("a normal user does not see 'Benutzer' and is refused on /users", async ({ page }) => {
  await loginAs(page, "demo");
  expect(await sidebarLabels(page)).toEqual(adminOrder.filter((l) => l !== "Benutzer"));
  await page.goto("/users");
  await expect(page.getByText("Dafür fehlt dir die Berechtigung.")).toBeVisible();
});

test("every route change sets the body class page--<RouteName>", async ({ page }) => {
  await loginAs(page, "admin");
  const body = page.locator("body");
  await expect(body).toHaveClass(/(^|\s)page--Dashboard(\s|$)/);
  const expected: [string, string][] = [
    ["Truppen", "DashboardUnits"],
    ["Raubzug", "Scavenge"],
    ["Eingehende Angriffe", "DashboardIncommings"],
    ["Stamm", "Tribe"],
    ["Bots", "Dsbots"],
    ["Angriffspläne", "AttackPlans"],
    ["Benutzer", "Users"],
    ["Koordinaten Filter", "AttackPlannerCoordsFilter"],
    ["Tab Anfragen", "TabRequests"],
    ["Spieler Skills", "DsPlayerSkills"],
    ["Karte", "Map"],
    ["Templates", "AccountManagerTemplates"],
    ["Downloads", "Downloads"],
    ["Dsbot Auth", "DsbotAuth"],
  ];
  let previous = "Dashboard";
  for (const [label, name] of expected) {
    await sidebar(page).getByRole("link", { name: label, exact: true }).click();
    await expect(body).toHaveClass(new RegExp(`(^|\\s)page--${name}(\\s|$)`));
    await expect(body).not.toHaveClass(new RegExp(`(^|\\s)page--${previous}(\\s|$)`));
    previous = name;
  }
  for (const [path, name] of [
    ["/bots/7", "DsbotDetail"],
    ["/bots/7/config", "DsbotDetailConfig"],
    ["/bots/7/timer", "DsbotTimer"],
    ["/attack-plans/3", "AttackPlanDetail"],
    ["/account-manager/templates/2", "AccountManagerTemplateDetail"],
    ["/profile", "UserProfile"],
  ] as const) {
    await page.goto(path);
    await expect(body).toHaveClass(new RegExp(`(^|\\s)page--${name}(\\s|$)`));
  }
});

test("an entry is highlighted on each of its routes", async ({ page }) => {
  await loginAs(page, "admin", "/bots/5/relogin");
  const current = sidebar(page).locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText("Bots");
  await page.goto("/users/1");
  await expect(current).toHaveText("Benutzer");
  await page.goto("/account-manager/templates/4");
  await expect(current).toHaveText("Templates");
  await page.goto("/attack-plans/4");
  await expect(current).toHaveText("Angriffspläne");
});

test("a middle click opens the entry in a new tab that stays logged in", async ({ page, context }) => {
  await loginAs(page, "admin");
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    sidebar(page).getByRole("link", { name: "Truppen" }).click({ button: "middle" }),
  ]);
  await popup.waitForLoadState();
  await expect(popup).toHaveURL(/\/dashboard-units$/);
  await expect(popup.locator("body")).toHaveClass(/(^|\s)page--DashboardUnits(\s|$)/);
  await expect(popup.getByRole("heading", { name: "Truppen" })).toBeVisible();
  // The original tab did not move.
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the header shows user, world, bell, search with Ctrl+K tooltip and the avatar menu", async ({ page }) => {
  const user = await createUser(page.request, "header");
  await loginWith(page, user.username, user.password);
  const header = page.getByRole("banner");
  await expect(header.getByText("dsbot", { exact: true })).toBeVisible();
  await expect(header.getByText(user.username, { exact: true })).toBeVisible();
  // The phone badge and the desktop label are both in the DOM; exactly one of them shows.
  await expect(header.getByText("DE231", { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(header.getByRole("button", { name: "Benachrichtigungen" })).toBeVisible();

  await header.getByRole("button", { name: "Suche" }).hover();
  await expect(page.getByRole("tooltip")).toContainText("Ctrl+K");

  const avatar = header.getByRole("button", { name: "Benutzermenü" });
  await expect(avatar).toContainText(user.username.charAt(0).toUpperCase());
  await avatar.click();
  const menu = page.getByRole("menu");
  await expect(menu).toContainText(user.username);
  await menu.getByRole("menuitem", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("on a 375px phone the header keeps the world label, hides the username, and the avatar menu shows both", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await createUser(page.request, "phone");
  await loginWith(page, user.username, user.password);
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Benutzermenü" })).toBeVisible();
  // The phone badge and the desktop label are both in the DOM; exactly one of them shows.
  await expect(header.getByText("DE231", { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(header.getByText(user.username, { exact: true })).toBeHidden();

  await header.getByRole("button", { name: "Benutzermenü" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText(user.username, { exact: true })).toBeVisible();
  await expect(menu.getByText("DE231", { exact: true })).toBeVisible();
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375, "the menu fits the phone's width").toBe(true);
});

test("the header's menus work from the keyboard: their code loads on focus and the focus stays on the button", async ({ page }) => {
  const user = await createUser(page.request, "keys");
  await loginWith(page, user.username, user.password);
  const header = page.getByRole("banner");
  const bell = header.getByRole("button", { name: "Benachrichtigungen" });
  await header.getByRole("button", { name: "Suche" }).focus();
  await page.keyboard.press("Tab");
  await expect(bell).toBeFocused();
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Benachrichtigungen (0)" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Benachrichtigungen (0)" })).toBeHidden();

  const avatar = header.getByRole("button", { name: "Benutzermenü" });
  await avatar.focus();
  await expect(avatar).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Account" })).toBeVisible();
});

test("the sidebar toggle hides and shows the sidebar", async ({ page }) => {
  await loginAs(page, "admin");
  const nav = sidebar(page);
  await expect(nav).toBeVisible();
  await page.getByRole("button", { name: "Seitenleiste umschalten" }).click();
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Seitenleiste umschalten" }).click();
  await expect(nav).toBeVisible();
});
