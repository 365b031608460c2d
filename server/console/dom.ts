/**
 * A small element builder: the console writes its pages with `el('h1', {}, 'Curves')` rather
 * than HTML strings, so text is never parsed as markup.
 *
 * @module
 */

/** Attributes and properties of {@link el}: strings become attributes; `on*` functions become listeners. */
export type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/** What {@link el} accepts as children. */
export type Child = Node | string | number | null | undefined | false;

/**
 * Creates an element.
 *
 * @param tag - Tag name.
 * @param attrs - Attributes (`null`/`undefined`/`false` leave one out, `true` sets it empty) and
 *   listeners (`onclick: () => ...`).
 * @param children - Nodes or text.
 * @returns The element.
 * @example
 * el('a', { href: '/curves' }, 'Curves')
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, '');
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(name, String(value));
  }
  append(node, children);
  return node;
}

/**
 * Appends children to a node.
 *
 * @param node - The parent.
 * @param children - Nodes or text; `null`, `undefined` and `false` are skipped.
 */
export function append(node: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replaces a node's children.
 *
 * @param node - The parent.
 * @param children - The new children.
 */
export function replace(node: Node, ...children: Child[]): void {
  while (node.firstChild) node.removeChild(node.firstChild);
  append(node, children);
}
