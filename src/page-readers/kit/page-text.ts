/** The text and JSON helpers every reader uses. */

/** A JSON object, as pages embed them. */
export type Node = Record<string, unknown>;

export const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a path of keys (array indices among them) in parsed JSON. */
export const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (typeof node === 'object' && node !== null ? (node as Node)[key] : undefined),
    value,
  );

// Every space (no-break U+00A0, thin U+2009, narrow no-break U+202F, …) is \s; the
// zero-width and direction marks around prices are not, and carry nothing.
export function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const clean = value
    .replace(/[\u200b-\u200f\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return clean === '' ? undefined : clean;
}

/** The normalised text content of the first element matching a selector. */
export function textAt(root: ParentNode, selector: string): string | undefined {
  return text(root.querySelector(selector)?.textContent);
}

// Every meta tag of the document in one pass, not one search each; forgotten at the start
// of each reading, as the page may have changed.
let metaTags: { doc: Document; tags: Map<string, string> } | undefined;
export function forgetMetaTags(): void {
  metaTags = undefined;
}

/** The content of a meta tag by property or name. */
export function meta(doc: Document, name: string): string | undefined {
  if (metaTags?.doc !== doc) {
    const tags = new Map<string, string>();
    // Open Graph and product tags belong in the head; a body holds thousands of elements.
    const root = doc.head ?? doc;
    for (const element of Array.from(root.querySelectorAll('meta[property], meta[name]'))) {
      const key = element.getAttribute('property') ?? element.getAttribute('name') ?? '';
      const content = text(element.getAttribute('content'));
      if (content !== undefined && !tags.has(key)) tags.set(key, content);
    }
    metaTags = { doc, tags };
  }
  return metaTags.tags.get(name);
}

/** The first of these ids the document has, in the order given. */
export const byId = (doc: Document, ids: readonly string[]): Element | undefined =>
  ids.map((id) => doc.getElementById(id)).find((element) => element !== null) ?? undefined;

/** Text (an element's, a script's) parsed as JSON; undefined when it is missing or not JSON. */
export function parseJson(source: string | null | undefined): unknown {
  if (!source) return undefined;
  try {
    return JSON.parse(source);
  } catch {
    // A broken block on the page is not ours to fix; the other sources may do.
    return undefined;
  }
}

/** The JSON object or array opening at `open` in a script's source, whatever code follows it. */
export function jsonAt(source: string, open: number): unknown {
  const [opening, closing] = source[open] === '[' ? ['[', ']'] : ['{', '}'];
  let depth = 0;
  let quoted = false;
  for (let index = open; index < source.length; index++) {
    const char = source[index];
    if (quoted) {
      if (char === '\\') index++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === opening) depth++;
    else if (char === closing && --depth === 0) return parseJson(source.slice(open, index + 1));
  }
  return undefined;
}

// Storefront names around a title: "Amazon.com: … : Grocery", "… : Amazon.co.uk:
// Kitchen", "… - Walmart.com", "… | Costco", "… - The Home Depot", "… - AliExpress 44".
export function cleanTitle(title: string | undefined): string | undefined {
  let clean = text(title);
  if (!clean) return undefined;
  const amazonPrefix = /^Amazon\.(?:com\.mx|com|co\.uk|ca|de)\s*:\s*/i;
  if (amazonPrefix.test(clean)) {
    // After the prefix Amazon appends " : <department>".
    clean = clean.replace(amazonPrefix, '').replace(/\s+:\s+[^:]+$/, '');
  }
  clean = clean
    .replace(/\s+:\s+Amazon\.(?:com\.mx|com|co\.uk|ca|de)(?:\s*:.*)?$/i, '')
    .replace(/\s+(?:- Walmart\.com|\| Costco|- The Home Depot|- AliExpress(?: \d+)?)$/i, '');
  return text(clean);
}
