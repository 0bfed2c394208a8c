// German texts of login and logout.
export const authTexts = {
  // Before signing in nobody is known: a first-time user must not read "Willkommen zurück".
  loginTitle: "Willkommen",
  loginSubtitle: "Melde dich an, um deine Bots und Angriffspläne zu verwalten.",
  username: "Benutzername",
  password: "Passwort",
  usernamePlaceholder: "Dein Benutzername",
  passwordPlaceholder: "Dein Passwort",
  submit: "Anmelden",
  loginFailed: "Anmeldung fehlgeschlagen",
  tagline: "Das Werkzeug für Die Stämme",
  features: ["Bots mit Modulen steuern", "Angriffe sekundengenau planen", "Eingehende Angriffe im Blick"],
  logoutTitle: "Logout bestätigen",
  logoutMessage: "Möchtest du dich wirklich ausloggen?",
  logoutConfirm: "Ausloggen",
} as const;
