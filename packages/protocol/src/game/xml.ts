// A reader for the small, flat XML documents the game's interface.php answers with (get_config,
// get_unit_info): declaration, elements, text, empty and self-closing elements, comments, CDATA and the
// five entities. Attributes are skipped; DOCTYPEs (an HTML error page) are refused. No recursion, no
// XML library. Internal to the game rules (not exported from the package).

export interface XmlElement {
  name: string;
  children: XmlElement[];
  /** The element's own text (entities decoded), not trimmed. */
  text: string;
}

export type XmlReadResult = { ok: true; root: XmlElement } | { ok: false; error: string };

const openTag = /^([A-Za-z_][\w.:-]*)(?:\s[\s\S]*?)?(\/?)$/;
const closeTag = /^\/([A-Za-z_][\w.:-]*)\s*$/;

export function readSimpleXml(source: string): XmlReadResult {
  const fail = (error: string): XmlReadResult => ({ ok: false, error });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < source.length) {
    const lt = source.indexOf("<", i);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > i) {
      const raw = source.slice(i, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.text += decodeEntities(raw);
      else if (raw.trim() !== "") return fail(root ? "Text nach dem Wurzelelement" : "kein XML-Dokument (Text vor dem ersten Element)");
    }
    if (lt === -1) break;
    if (source.startsWith("<?", lt)) {
      const end = source.indexOf("?>", lt + 2);
      if (end === -1) return fail("unvollständige XML-Deklaration");
      i = end + 2;
      continue;
    }
    if (source.startsWith("<!--", lt)) {
      const end = source.indexOf("-->", lt + 4);
      if (end === -1) return fail("unvollständiger Kommentar");
      i = end + 3;
      continue;
    }
    if (source.startsWith("<![CDATA[", lt)) {
      const end = source.indexOf("]]>", lt + 9);
      const top = stack[stack.length - 1];
      if (end === -1 || !top) return fail("ungültiger CDATA-Abschnitt");
      top.text += source.slice(lt + 9, end);
      i = end + 3;
      continue;
    }
    if (source.startsWith("<!", lt)) return fail("kein XML-Dokument des Spiels (DOCTYPE, vermutlich eine HTML-Seite)");
    const gt = source.indexOf(">", lt + 1);
    if (gt === -1) return fail(`unvollständiges Tag „${clip(source.slice(lt))}“`);
    const inner = source.slice(lt + 1, gt);
    i = gt + 1;
    const closing = closeTag.exec(inner);
    if (closing) {
      const name = closing[1] as string;
      const top = stack.pop();
      if (!top) return fail(`</${name}> ohne öffnendes <${name}>`);
      if (top.name !== name) return fail(`<${top.name}> wird mit </${name}> geschlossen`);
      continue;
    }
    const opening = openTag.exec(inner);
    if (!opening) return fail(`ungültiges Tag „<${clip(inner)}>“`);
    const element: XmlElement = { name: opening[1] as string, children: [], text: "" };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) return fail(`zweites Wurzelelement <${element.name}>`);
    else root = element;
    if (opening[2] !== "/") stack.push(element);
  }
  const open = stack[stack.length - 1];
  if (open) return fail(`<${open.name}> wird nicht geschlossen`);
  if (!root) return fail("leere Antwort (kein XML-Element)");
  return { ok: true, root };
}

/** The first child element of that name. */
export function xmlChild(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((child) => child.name === name);
}

/** A number as the game writes it ("18", "0.625", "18.0000000001", "1e3"); anything else is undefined. */
export function xmlNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** A value for an error message: trimmed, at most 30 characters. */
export function clipXmlText(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 30 ? `${trimmed.slice(0, 30)}…` : trimmed;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (_, entity: string) => {
    if (entity.startsWith("#")) {
      const code = entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
    }
    return entities[entity as keyof typeof entities];
  });
}

const entities = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" } as const;
