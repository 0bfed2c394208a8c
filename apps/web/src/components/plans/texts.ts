// German texts of the plan chooser (Koordinaten Filter → Planer, Eingehende Angriffe → Verteidigen).
export const planChoiceTexts = {
  listLabel: "Angriffspläne",
  attacks: (count: number) => (count === 1 ? "1 Angriff" : `${count} Angriffe`),
  ownerOf: (owner: string) => `von ${owner}`,
  search: "Plan suchen",
  searchPlaceholder: "Name des Plans",
  truncated: "Es stehen nur die zuletzt geänderten Pläne hier. Suche nach dem Namen, um ältere zu finden.",
  noneTitle: "Noch kein Angriffsplan auf dieser Welt.",
  noneHint: "Lege unten einen neuen an oder verwalte deine Pläne unter Angriffspläne.",
  noneFound: "Kein Plan auf dieser Welt passt zur Suche.",
  allPlans: "Zu den Angriffsplänen",
  createTitle: "Oder einen neuen Plan auf dieser Welt anlegen",
  createLabel: "Neuer Plan",
  createPlaceholder: "Name des neuen Plans",
  create: "Anlegen und öffnen",
  created: (name: string) => `Der Angriffsplan „${name}“ wurde angelegt.`,
} as const;
