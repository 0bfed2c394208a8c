// German texts of the global search dialog.
export const searchTexts = {
  dialog: "Globale Suche",
  input: "Suche",
  placeholder: "Bots, Angriffspläne, Downloads …",
  clear: "Suche leeren",
  close: "Suche schließen",
  escape: "Esc",
  results: "Suchergebnisse",
  bots: (count: number) => `Bots (${count})`,
  attackPlans: (count: number) => `Angriffspläne (${count})`,
  downloads: (count: number) => `Downloads (${count})`,
  noBots: "Es wurden keine Bots gefunden.",
  noAttackPlans: "Es wurden keine Angriffspläne gefunden.",
  noDownloads: "Es wurden keine Downloads gefunden.",
  noResults: "Es wurden keine Suchergebnisse gefunden.",
  recent: "Kürzlich gesucht",
  noRecent: "Es wurden noch keine Suchen durchgeführt.",
  removeRecent: "Suche entfernen",
  loading: "Suche läuft …",
  failed: "Die Suche ist fehlgeschlagen.",
  hintNavigate: "navigieren",
  hintOpen: "öffnen",
  hintClose: "schließen",
} as const;

/** routeLabel of a recent search. */
export const recentRouteLabels = {
  bot: "Bot",
  attackPlan: "Angriffsplan",
  download: "Downloads",
} as const;
export type RecentRouteLabel = (typeof recentRouteLabels)[keyof typeof recentRouteLabels];
