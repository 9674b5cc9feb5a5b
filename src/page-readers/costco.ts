import type {
  Availability,
  PageContext,
  PageKit,
  PageReaderGlobal,
  PageReaderSpace,
  Price,
  Reading,
} from './types.ts';

/**
 * Installs Costco's reader. Legacy pages (`….product.<id>.html`) carry Open Graph and
 * product meta; newer ones (`/p/-/<slug>/<id>`) JSON-LD: both are the fallback. The
 * served "Your Price" is often a placeholder ("--") filled in later by script, or
 * hidden until sign-in: then the page shows no price, whatever else it carries.
 * Self-contained, as it is serialised into the page.
 */
export function installCostcoReader(): void {
  const holder = globalThis as PageReaderGlobal;
  holder.__buylinePageReaders ??= { kit: {}, readers: {} } as PageReaderSpace;

  const YOUR_PRICE =
    '[automation-id="productPriceOutput"], #pull-right-price .value, .your-price .value, [data-testid="Text_YourPrice"]';

  function price(doc: Document, context: PageContext, kit: PageKit): Price | null | undefined {
    const value = doc.querySelector(YOUR_PRICE);
    if (!value) return undefined;
    const shown = kit.text(value.textContent);
    // The currency sign sits in its own span before the value on legacy pages.
    const sign = kit.textAt(value.parentElement ?? value, '.currency') ?? '';
    const parsed =
      shown && /\d/.test(shown) ? kit.parsePrice(`${sign}${shown}`, context.currency) : undefined;
    return parsed ?? kit.parsePrice(shown, context.currency) ?? null;
  }

  function availability(doc: Document, kit: PageKit): Availability | undefined {
    const button = doc.querySelector('#add-to-cart-btn, [automation-id="addToCartButton"]');
    if (!button) return undefined;
    const label = kit.text(button.getAttribute('value')) ?? kit.text(button.textContent) ?? '';
    if (/out of stock|sold out|unavailable/i.test(label)) return 'out_of_stock';
    return undefined;
  }

  holder.__buylinePageReaders.readers.costco = (
    doc: Document,
    context: PageContext,
    kit: PageKit,
  ): Reading => ({
    title: kit.textAt(doc, 'h1[automation-id="productName"], h1[itemprop="name"]'),
    price: price(doc, context, kit),
    availability: availability(doc, kit),
  });
}
