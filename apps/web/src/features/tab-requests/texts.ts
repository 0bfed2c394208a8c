// German texts of Tab Anfragen (the alert text lives in the realtime handler's test too).
export const tabRequestTexts = {
  newRequest: "Neue Tab-Anfrage!",
  open: "Tab öffnen",
  done: "Erledigt",
  showDone: "Erledigte anzeigen",
  emptyTitle: "Keine offenen Tab-Anfragen",
  emptyHint: "Wenn ein fälliger Angriff von keinem laufenden Bot geschickt werden kann oder ein Bot dich im Spiel braucht, erscheint er hier.",
  sendIn: "Abschicken in",
  sendAt: "Abschickzeit",
  arrival: "Ankunft",
  overdue: "überfällig",
  plan: "Plan",
  bot: "Bot",
  doneAt: "Erledigt am",
  markedDone: "Als erledigt markiert.",
  /** The send alarm in the open tab (send-alarm.ts). */
  alarm: (seconds: number, from: string, to: string, plan: string) => `In ${seconds} s abschicken: ${from} → ${to} (${plan})`,
  alarmTitle: (seconds: number) => `In ${seconds} s abschicken`,
} as const;
