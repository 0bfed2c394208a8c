// The metadata block Tampermonkey reads from the top of dsbot.user.js: every market's game pages, the
// least grants the script needs, and the dsbot server it may reach (`@connect *` lets the manager ask
// the player once for their own server's address; the usual local ones need no question).
import { userscriptMatches } from "@dsbot/protocol";

/** The only manager functions the script calls (see gm.ts). */
export const userscriptGrants = ["GM_xmlhttpRequest", "GM_getValue", "GM_setValue"] as const;

/** Hosts the script may reach without a prompt; `*` lets it ask for any other (a self-hosted dsbot). */
export const userscriptConnects = ["localhost", "127.0.0.1", "*"] as const;

export function metadataBlock(version: string): string {
  const lines: [string, string][] = [
    ["name", "dsbot"],
    ["namespace", "dsbot"],
    ["version", version],
    ["description", "Zeigt im Spiel deine offenen Tab-Anfragen und die geplanten Angriffe des Dorfes und füllt den Versammlungsplatz aus – abschicken musst du selbst."],
    ["author", "dsbot"],
    ...userscriptMatches.map((match): [string, string] => ["match", match]),
    ...userscriptGrants.map((grant): [string, string] => ["grant", grant]),
    ...userscriptConnects.map((host): [string, string] => ["connect", host]),
    ["run-at", "document-end"],
    ["noframes", ""],
  ];
  const width = Math.max(...lines.map(([key]) => key.length)) + 2;
  return ["// ==UserScript==", ...lines.map(([key, value]) => `// @${key.padEnd(width)}${value}`.trimEnd()), "// ==/UserScript=="].join("\n");
}
