import type { CatalogProduct } from '../catalog.ts';
import { escapeHtml } from '../html.ts';

/** How a page prints an amount of the product's currency. */
export type Money = (cents: number) => string;

/**
 * The part of every demo page that is the sandbox's own: the delivery options and every
 * seller's offer, which the order placement simulates. Its prices are one more trap
 * for the page readers: none of them is the price to pay.
 */
export function sandboxNotes(product: CatalogProduct, money: Money): string {
  const shipping = product.shipping
    .map(
      (option) =>
        `<li>${escapeHtml(option.name)}: ${option.days} day${option.days === 1 ? '' : 's'}, ${option.free ? 'free' : escapeHtml(money(option.price))}</li>`,
    )
    .join('\n        ');
  const offers = [...product.offers]
    .sort((a, b) => a.price - b.price)
    .map((offer) => {
      const notes = [
        offer.buy_box ? 'featured' : '',
        offer.prime ? 'prime' : '',
        offer.international ? 'ships from abroad' : '',
        offer.addon ? 'add-on item' : '',
      ].filter(Boolean);
      return `<tr><td>${escapeHtml(offer.seller_name)}${notes.length > 0 ? ` <span class="note">(${notes.join(', ')})</span>` : ''}</td><td>${escapeHtml(offer.condition)}</td><td class="amount">${escapeHtml(money(offer.price))}</td><td>${offer.stock > 0 ? 'In stock' : 'Out of stock'}</td></tr>`;
    })
    .join('\n          ');
  return `<section id="sandbox-notes" class="sandbox-notes">
      <h2>Delivery</h2>
      <ul>
        ${shipping}
      </ul>
      <h2>All offers</h2>
      <table>
        <thead><tr><th>Seller</th><th>Condition</th><th class="amount">Price</th><th>Stock</th></tr></thead>
        <tbody>
          ${offers}
        </tbody>
      </table>
      <p class="note">A page of the Buyline sandbox in the shape of its storefront's pages: the product and its offers are simulated, and nothing here is for sale.</p>
    </section>`;
}

/** The few styles every demo page shares, so that a person can read it in `npm start`. */
export const PAGE_STYLE = `<style>
      body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #1f2937; background: #f9fafb; }
      main, .page { max-width: 1040px; margin: 24px auto; padding: 0 24px; }
      img.hero { width: 280px; height: 280px; border-radius: 16px; }
      h1 { font-size: 24px; line-height: 1.3; }
      .note { color: #6b7280; font-size: 13px; }
      table { border-collapse: collapse; width: 100%; font-size: 14px; }
      th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e5e7eb; }
      .amount { text-align: right; white-space: nowrap; }
      .aok-hidden, .aok-offscreen, .a-offscreen { position: absolute; left: -9999px; }
      .strike, [data-a-strike="true"] { text-decoration: line-through; }
    </style>`;
