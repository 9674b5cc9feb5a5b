import { RETAILERS } from '../../api/retailers.ts';
import { t } from '../../shared/i18n.ts';
import type { Draft } from '../../shared/order-form-model.ts';
import { money } from '../../ui/formats.ts';

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
        {props.image && <img src={props.image} alt="" width={48} height={48} />}
        <div>
          <h2>
            {draft.items.length > 1
              ? t('popup_cart', draft.items.length)
              : (single?.title ?? single?.productId)}
          </h2>
          <p class="hint">
            {draft.retailer && RETAILERS[draft.retailer].storefront} ·{' '}
            {draft.items.map((item) => item.productId).join(', ')}
            {single?.priceCents !== undefined && (
              <>
                {' · '}
                {t('popup_pagePrice')} <strong>{money(single.priceCents, single.currency)}</strong>
              </>
            )}
          </p>
        </div>
      </header>
      {props.fromPage && single && single.priceCents === undefined && (
        <p class="hint">{t('popup_noPagePrice')}</p>
      )}
      {props.unavailable && <p class="warning">{t('popup_unavailable')}</p>}
    </>
  );
}
