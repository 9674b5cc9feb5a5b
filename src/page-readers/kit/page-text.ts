import type { PageKit, PageReaderGlobal, PageReaderSpace } from '../types.ts';

/**
 * Installs the text helpers of the page kit. Self-contained: it is serialised into the
 * page by scripting.executeScript, so it refers to nothing outside its own body.
 */
export function installPageText(): void {
  const holder = globalThis as PageReaderGlobal;
  holder.__buylinePageReaders ??= { kit: {}, readers: {} } as PageReaderSpace;
  const kit = holder.__buylinePageReaders.kit;

  // Every space (no-break U+00A0, thin U+2009, narrow no-break U+202F, …) is \s; the
  // zero-width and direction marks around prices are not, and carry nothing.
  function text(value: unknown): string | undefined {
    if (typeof value !== 'string') return undefined;
    const clean = value
      .replace(/[\u200b-\u200f\u2060\ufeff]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    return clean === '' ? undefined : clean;
  }

  function textAt(root: ParentNode, selector: string): string | undefined {
    return text(root.querySelector(selector)?.textContent);
  }

  // Every meta tag of a document in one pass, rather than one search of the page each.
  const metaTags = new WeakMap<Document, Map<string, string>>();
  function meta(doc: Document, name: string): string | undefined {
    let tags = metaTags.get(doc);
    if (!tags) {
      tags = new Map();
      // Open Graph and product tags belong in the head; a body holds thousands of elements.
      const root = doc.head ?? doc;
      for (const element of Array.from(root.querySelectorAll('meta[property], meta[name]'))) {
        const key = element.getAttribute('property') ?? element.getAttribute('name') ?? '';
        const content = text(element.getAttribute('content'));
        if (content !== undefined && !tags.has(key)) tags.set(key, content);
      }
      metaTags.set(doc, tags);
    }
    return tags.get(name);
  }

  /** The first of these ids the document has, in the order given. */
  function byId(doc: Document, ids: readonly string[]): Element | undefined {
    for (const id of ids) {
      const element = doc.getElementById(id);
      if (element) return element;
    }
    return undefined;
  }

  function parseJson(source: string | null | undefined): unknown {
    if (!source) return undefined;
    try {
      return JSON.parse(source);
    } catch {
      // A broken block on the page is not ours to fix; the other sources may do.
      return undefined;
    }
  }

  function json(element: Element | null | undefined): unknown {
    return parseJson(element?.textContent);
  }

  // Storefront names around a title: "Amazon.com: … : Grocery", "… : Amazon.co.uk:
  // Kitchen", "… - Walmart.com", "… | Costco", "… - The Home Depot", "… - AliExpress 44".
  function cleanTitle(title: string | undefined): string | undefined {
    let clean = text(title);
    if (!clean) return undefined;
    const amazonPrefix = /^Amazon\.(?:com\.mx|com|co\.uk|ca|de)\s*:\s*/i;
    if (amazonPrefix.test(clean)) {
      // After the prefix Amazon appends " : <department>".
      clean = clean.replace(amazonPrefix, '').replace(/\s+:\s+[^:]+$/, '');
    }
    clean = clean
      .replace(/\s+:\s+Amazon\.(?:com\.mx|com|co\.uk|ca|de)(?:\s*:.*)?$/i, '')
      .replace(/\s+-\s+Walmart\.com$/i, '')
      .replace(/\s+\|\s+Costco$/i, '')
      .replace(/\s+-\s+The Home Depot$/i, '')
      .replace(/\s+-\s+AliExpress(?:\s+\d+)?$/i, '');
    return text(clean);
  }

  Object.assign(kit, {
    text,
    textAt,
    meta,
    byId,
    parseJson,
    json,
    cleanTitle,
  } satisfies Partial<PageKit>);
}
