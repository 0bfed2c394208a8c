// The redirect query of the login page: built from the original location, followed only inside the app.
import { paths } from "@/config/paths";

/**
 * Accept only same-app relative paths ("/users?x=1"); anything else (absolute URLs, protocol-relative
 * "//host", backslash tricks, the login page itself) falls back, so the query cannot redirect off-site.
 */
export function sanitizeRedirect(value: string | null | undefined, fallback: string = paths.dashboard): string {
  if (!value) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.includes("\\") || Array.from(value).some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  const pathname = value.split(/[?#]/)[0] ?? "";
  if (pathname === paths.login || pathname.startsWith(`${paths.login}/`)) return fallback;
  return value;
}

/** "/login?redirect=%2Fusers%3Fpage%3D2" for the given original path + query; plain "/login" for Home. */
export function loginPathWithRedirect(original: string): string {
  if (!original || original === paths.home) return paths.login;
  const query = new URLSearchParams({ redirect: original });
  return `${paths.login}?${query.toString()}`;
}
