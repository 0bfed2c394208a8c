// Time and formula fields type in monospace; their labels, descriptions and errors stay in the text font.
export const monoInputStyles = { input: { fontFamily: "var(--mantine-font-family-monospace)" } } as const;
