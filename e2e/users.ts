// The accounts the e2e server is started with.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3417);

export const users = {
  admin: { username: "admin", password: "admin-passwort-123" },
  demo: { username: "demo", password: "demo1234" },
} as const;
export type E2eUser = keyof typeof users;
