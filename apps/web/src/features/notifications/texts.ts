// German texts of the notification menu.
export const notificationTexts = {
  bell: "Benachrichtigungen",
  bellUnread: (count: number) => `Benachrichtigungen, ${count} ungelesen`,
  title: (count: number) => `Benachrichtigungen (${count})`,
  empty: "Keine Benachrichtigungen vorhanden",
  emptyHint: "Neue Meldungen erscheinen hier sofort.",
  markAllRead: "Alle als gelesen markieren",
  markRead: "Als gelesen markieren",
  remove: "Benachrichtigung entfernen",
  more: "Mehr anzeigen",
  less: "Weniger anzeigen",
  unread: "Ungelesen",
  created: "Du hast neue Benachrichtigungen",
  loadFailed: "Die Benachrichtigungen konnten nicht geladen werden.",
  /** The link to what a notification is about. */
  open: {
    plan: "Zum Angriffsplan",
    bot: "Zum Bot",
    incoming: "Zu den eingehenden Angriffen",
    tabRequest: "Zu den Tab-Anfragen",
    tribe: "Zum Stamm",
  },
} as const;
