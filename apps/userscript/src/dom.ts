// A tiny element builder: text goes in as text nodes only (never HTML), so nothing the server or
// the game page sends can become markup.
type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: { attrs?: Record<string, string>; style?: Partial<CSSStyleDeclaration>; on?: Record<string, (event: Event) => void> } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  if (props.style) Object.assign(element.style, props.style);
  for (const [name, handler] of Object.entries(props.on ?? {})) element.addEventListener(name, handler);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" ? doc.createTextNode(child) : child);
  }
  return element;
}

/** Replace an element's children. */
export function setChildren(parent: Element, children: readonly Node[]): void {
  parent.replaceChildren(...children);
}
