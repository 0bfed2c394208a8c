// Names for the generated world: players, tribes with their tags, and the players' villages, drawn
// from word lists with the generator's random numbers (world-generator.ts decides who gets which).

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;

const nameStarts = ["Ka", "Lo", "Mar", "Fen", "Gra", "Ul", "Bru", "Sig", "Ar", "Tor", "Wil", "He", "Jo", "Ra", "Dra", "Ei", "Kro", "Lu", "Mo", "Ste", "Thi", "Va", "Wo", "Zel", "Ös", "Grü", "Bä", "Łu", "Świ"];
const nameMiddles = ["", "", "ri", "na", "bert", "gun", "mi", "to", "la", "den", "ke", "ßi"];
const nameEnds = ["n", "a", "o", "us", "ar", "ix", "mir", "wald", "helm", "rik", "ek", "in", "ja"];
const nameSuffixes = ["", "", "", "", "", " der Große", "87", "_DS", " von Burg", "1337", "x", " II"];

const tribeWords1 = ["Die", "Wilde", "Eiserne", "Goldene", "Stille", "Dunkle", "Freie", "Ewige", "Rote", "Späte"];
const tribeWords2 = ["Wölfe", "Bären", "Falken", "Raben", "Drachen", "Krieger", "Bauern", "Ritter", "Löwen", "Füchse", "Adler", "Eber"];
const tribeWords3 = ["", "", " des Nordens", " vom See", " aus dem Süden", " der Berge", " & Co", " 2.0"];

export function playerName(rnd: () => number): string {
  return `${pick(rnd, nameStarts)}${pick(rnd, nameMiddles)}${pick(rnd, nameEnds)}${pick(rnd, nameSuffixes)}`;
}

function tagFrom(name: string, rnd: () => number): string {
  const letters = name
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Za-zÄÖÜäöü]/g, "").slice(0, 2))
    .join("")
    .toUpperCase();
  return (letters.slice(0, 4) || "ST") + String(Math.floor(rnd() * 90) + 10);
}

/** A tribe name not in `used` (numbered after 20 tries) and a tag not in `usedTags`. */
export function tribeName(rnd: () => number, used: ReadonlySet<string>, usedTags: ReadonlySet<string>, number: number): { name: string; tag: string } {
  let name: string;
  let tag: string;
  let tries = 0;
  do name = `${pick(rnd, tribeWords1)} ${pick(rnd, tribeWords2)}${pick(rnd, tribeWords3)}`;
  while (used.has(name) && ++tries < 20);
  if (used.has(name)) name = `${name} ${number}`;
  do tag = tagFrom(name, rnd);
  while (usedTags.has(tag));
  return { name, tag };
}

/** A player's village name in one of five styles, chosen by `roll` in [0, 1). */
export function villageName(roll: number, player: string, nr: number, c: { x: number; y: number }): string {
  const style = Math.floor(roll * 5);
  const short = player.split(" ")[0] ?? player;
  const padded = String(nr).padStart(3, "0");
  switch (style) {
    case 0:
      return `${padded} ${short}`;
    case 1:
      return `K${Math.floor(c.y / 100)}${Math.floor(c.x / 100)} | ${padded}`;
    case 2:
      return `${short}s Dorf`;
    case 3:
      return `Burg ${short} ${nr}`;
    default:
      return `${padded} | ${c.x}|${c.y}`;
  }
}
