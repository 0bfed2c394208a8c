// German texts of the notification menu (spec §2).
export const notificationTexts = {
  bell: "Benachrichtigungen",
  title: (count: number) => `Benachrichtigungen (${count})`,
  empty: "Keine Benachrichtigungen vorhanden",
} as const;
