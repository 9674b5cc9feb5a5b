/**
 * The structured-data reader, every family's fallback: a JSON-LD Product (in @graph, a
 * WebPage's mainEntity, or a ProductGroup's variant), the Open Graph product tags (its price
 * when the JSON-LD gives none) and the canonical link.
 */
import { metaPrice } from './kit/meta-price.ts';
import { isNode, meta, type Node, parseJson, text } from './kit/page-text.ts';
import { agreedPrice, isRange, priceOfAmount } from './kit/price-text.ts';
import type { Availability, PageContext, Price, Reading } from './types.ts';

const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const typesOf = (node: Node) =>
  list(node['@type']).map((type) => String(type).replace(/^.*[/#]/, ''));

/** Every Product and ProductGroup node, in page order. */
function productNodes(doc: Document): Node[] {
  const found: Node[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 6) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isNode(value)) return;
    const types = typesOf(value);
    if (types.includes('Product') || types.includes('ProductGroup')) found.push(value);
    else {
      visit(value['@graph'], depth + 1);
      visit(value.mainEntity, depth + 1);
    }
  };
  // document.scripts is the browser's own list: no search of the whole page.
  for (const script of Array.from(doc.scripts ?? doc.querySelectorAll('script')))
    if (/^\s*application\/ld\+json\s*$/i.test(script.getAttribute('type') ?? ''))
      visit(parseJson(script.textContent), 0);
  return found;
}

/** Whether a node names the product id: sku, productID, or an address ending in it. */
function names(node: Node, id: string | undefined): boolean {
  if (!id) return false;
  const ids = [node.sku, node.productID, node.productId, node.mpn];
  if (ids.some((value) => value !== undefined && String(value) === id)) return true;
  return [node.url, node['@id']].some(
    (url) => typeof url === 'string' && new RegExp(`[/.=]${id}(?:[/.?#&]|$)`).test(url),
  );
}

function offerPrice(offer: Node, currency: string): Price | null | undefined {
  if (isRange(offer.lowPrice, offer.highPrice)) return null;
  const specification = list(offer.priceSpecification).find(
    (entry): entry is Node => isNode(entry) && entry.price !== undefined,
  );
  const amount = offer.price ?? specification?.price ?? offer.lowPrice;
  const code = offer.priceCurrency ?? specification?.priceCurrency;
  return priceOfAmount(amount, code, currency);
}

const offersOf = (nodes: Node[]) => nodes.flatMap((node) => list(node.offers).filter(isNode));

/** One product's offers: in stock when one is. Several variants, none the page's: what all say. */
function availabilityOfNodes(nodes: Node[]): Availability | undefined {
  const values = offersOf(nodes)
    .map((offer) => availabilityOf(offer.availability))
    .filter((value) => value !== undefined);
  const first = values[0];
  if (nodes.length === 1 && values.includes('in_stock')) return 'in_stock';
  return values.every((value) => value === first) ? first : 'unknown';
}

// Some storefronts write HTML entities into their JSON-LD text ("Hershey&#39;s").
const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
function decoded(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    // "#x2013" reads as the number 0x2013, "#39" as 39, a name as no number.
    const code = Number(name.replace(/^#x/i, '0x').replace(/^#/, ''));
    if (Number.isNaN(code)) return ENTITIES[name.toLowerCase()] ?? entity;
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

function imageOf(value: unknown): string | undefined {
  const first = list(value)[0];
  return isNode(first) ? imageOf(first.url ?? first.contentUrl) : text(first);
}

/** schema.org or Open Graph availability → ours; undefined when it says nothing. */
function availabilityOf(value: unknown): Availability | undefined {
  if (typeof value !== 'string') return undefined;
  const word = value
    .replace(/^.*[/#]/, '')
    .replace(/[\s_-]/g, '')
    .toLowerCase();
  if (['instock', 'limitedavailability', 'onlineonly'].includes(word)) return 'in_stock';
  if (['outofstock', 'soldout', 'discontinued', 'oos'].includes(word)) return 'out_of_stock';
  return word === '' ? undefined : 'unknown';
}

export function structured(doc: Document, context: PageContext): Reading {
  const products = productNodes(doc);
  const named = products.find((node) => names(node, context.productId));
  let product = named ?? products[0];
  // Several products and none of them the page's: only the price they all agree on.
  let offerNodes: Node[] = named || products.length === 1 ? [product as Node] : products;
  if (product && typesOf(product).includes('ProductGroup')) {
    const variants = list(product.hasVariant).filter(isNode);
    const variant =
      variants.find((node) => names(node, context.productId)) ??
      (variants.length === 1 ? variants[0] : undefined);
    if (variant) product = { ...product, ...variant, name: variant.name ?? product.name };
    offerNodes = variant ? [variant] : [product, ...variants];
  }
  const tagged = metaPrice(doc, context.currency);
  // The one price all offers agree on; null when they differ or give a range.
  const offers = offersOf(offerNodes).map((offer) => offerPrice(offer, context.currency));
  const ldPrice = product ? agreedPrice(offers) : undefined;
  return {
    title: text(decoded(product?.name)) ?? meta(doc, 'og:title') ?? text(doc.title),
    price: ldPrice === undefined ? tagged : ldPrice,
    availability:
      availabilityOfNodes(offerNodes) ??
      availabilityOf(meta(doc, 'product:availability')) ??
      availabilityOf(meta(doc, 'og:availability')),
    image: imageOf(product?.image) ?? meta(doc, 'og:image'),
    canonical:
      text((doc.head ?? doc).querySelector('link[rel="canonical"]')?.getAttribute('href')) ??
      meta(doc, 'og:url'),
  };
}
