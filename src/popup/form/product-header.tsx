import { RETAILERS } from '../../api/retailers.ts';
import { formatCents } from '../../shared/money.ts';
import type { Draft } from '../../shared/order-form-model.ts';

/**
 * What is being ordered: the product in view (its image, title and the page's price)
 * or the cart. When the page shows no price, it says so instead of guessing one; when
 * the page says the item is unavailable, it warns, and the order can still be placed.
 */
export function ProductHeader(props: {
  draft: Draft;
  image?: string | undefined;
  /** The page was read: a missing price is the page's, not a product typed by hand. */
  fromPage: boolean;
  unavailable: boolean;
}) {
  const { draft } = props;
  const single = draft.items.length === 1 ? draft.items[0] : undefined;
  return (
    <>
      <header class="product">
        {props.image && <img src={props.image} alt="" width={56} height={56} />}
        <div>
          <h2>
            {draft.items.length > 1
              ? `Cart: ${draft.items.length} products`
              : (single?.title ?? single?.productId)}
          </h2>
          <p class="hint">
            {draft.retailer && RETAILERS[draft.retailer].storefront} ·{' '}
            {draft.items.map((item) => item.productId).join(', ')}
          </p>
          {single?.priceCents !== undefined && (
            <p class="price-line">
              Page price: <strong>{formatCents(single.priceCents, single.currency)}</strong>
            </p>
          )}
        </div>
      </header>
      {props.fromPage && single && single.priceCents === undefined && (
        <p class="hint">No price on this page: set a maximum price.</p>
      )}
      {props.unavailable && <p class="warning">The page says this item is unavailable.</p>}
    </>
  );
}
