// German texts of the dashboard.
export const dashboardTexts = {
  welcome: (username: string) => `Willkommen zurück, ${username}! Hier entsteht dein Überblick über Bots, Angriffe und Meldungen.`,
} as const;
