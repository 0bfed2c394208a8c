// A short, human name for a session's user agent ("Chrome auf Windows").

const browsers: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/node|undici|axios|curl/i, "Skript"],
];

const systems: [RegExp, string][] = [
  [/Windows/, "Windows"],
  [/Android/, "Android"],
  [/iPhone|iPad|iOS/, "iOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux|X11/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): { browser: string | null; os: string | null; mobile: boolean } {
  if (!userAgent) return { browser: null, os: null, mobile: false };
  const browser = browsers.find(([re]) => re.test(userAgent))?.[1] ?? null;
  const os = systems.find(([re]) => re.test(userAgent))?.[1] ?? null;
  return { browser, os, mobile: /Mobile|Android|iPhone/.test(userAgent) };
}
