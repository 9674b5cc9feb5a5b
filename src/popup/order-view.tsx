import { useEffect, useMemo, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { RETAILER_CODES, RETAILERS, type RetailerCode } from '../api/retailers.ts';
import { ask, BackgroundError } from '../shared/messaging.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { priceToCents } from '../shared/page-details.ts';
import { detectProduct } from '../shared/retailer-registry.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { buildOrder } from './build-request.ts';
import { criteriaDraft, type Draft, type DraftItem, newDraft, suggestedMaxPrice } from './draft.ts';
import { SelectField, TextField } from './fields.tsx';
import { OrderForm, summaryOf } from './order-form.tsx';
import { OrderStatusLine } from './order-status.tsx';
import { type Cart, readCart, readDraft, writeCart, writeDraft } from './stores.ts';
import type { TabProduct } from './tab-product.ts';

interface Props {
  tab: TabProduct;
  settings: Settings;
  vault: VaultStatus;
  onShowOrders: () => void;
}

function itemOf(tab: TabProduct): DraftItem | undefined {
  if (!tab.product) return undefined;
  const cents = priceToCents(tab.details.price);
  return {
    productId: tab.product.productId,
    quantity: 1,
    ...(tab.details.title ? { title: tab.details.title } : {}),
    ...(cents !== undefined ? { priceCents: cents } : {}),
    currency: tab.details.currency ?? RETAILERS[tab.product.retailer].currency,
  };
}

/** The order of the product in view (or of the cart), from form to live status. */
export function OrderView({ tab, settings, vault, onShowOrders }: Props) {
  const [draft, setDraft] = useState<Draft | undefined>();
  const [cart, setCart] = useState<Cart | undefined>();
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [placed, setPlaced] = useState<OrderRecord | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [manual, setManual] = useState<{ retailer: RetailerCode; productId: string }>({
    retailer: 'amazon',
    productId: '',
  });

  const inView = itemOf(tab);
  const retailer = tab.product?.retailer;

  useEffect(() => {
    void (async () => {
      const [saved, savedCart] = await Promise.all([readDraft(), readCart()]);
      setCart(savedCart);
      // A saved draft for the same products is picked up again; otherwise a fresh one.
      const items =
        savedCart && savedCart.retailer === retailer ? savedCart.items : inView ? [inView] : [];
      const same =
        saved &&
        saved.retailer === (retailer ?? '') &&
        saved.items.map((item) => item.productId).join() ===
          items.map((item) => item.productId).join();
      setDraft(same ? saved : retailer ? newDraft(settings, retailer, items) : undefined);
    })();
  }, [retailer, inView?.productId]);

  // Follow the placed order live while the popup is open.
  useEffect(() => {
    if (!placed || placed.state === 'placed' || placed.state === 'failed') return;
    const timer = setInterval(async () => {
      const detail = await ask('order.get', { localId: placed.localId }).catch(() => null);
      if (detail) setPlaced(detail.order);
    }, 700);
    return () => clearInterval(timer);
  }, [placed?.localId, placed?.state]);

  const update = (next: Draft) => {
    const items = next.items;
    const withPrice = next.maxPriceEdited
      ? next
      : { ...next, maxPrice: suggestedMaxPrice(settings, items) };
    setDraft(withPrice);
    setProblems([]);
    void writeDraft(withPrice);
  };

  const errorOf = useMemo(() => {
    const byField = new Map(problems.map((problem) => [problem.field, problem.message]));
    return (field: string) => byField.get(field);
  }, [problems]);

  async function place() {
    if (!draft) return;
    const built = buildOrder(draft, settings);
    if (built.problems.length > 0) {
      setProblems(built.problems);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const title =
        draft.items.length === 1 ? draft.items[0]?.title : `${draft.items.length} products`;
      const result = await ask('order.place', {
        draftId: draft.draftId,
        request: built.request,
        ...(title ? { title } : {}),
        ...(built.secrets ? { secrets: built.secrets } : {}),
      });
      if (!result.placed) {
        setProblems(result.problems);
        return;
      }
      setPlaced(result.order);
      await writeDraft(undefined);
      await writeCart(undefined);
      setCart(undefined);
    } catch (failure) {
      setError(failure instanceof BackgroundError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  async function addToCart() {
    if (!inView || !retailer) return;
    const current = cart?.retailer === retailer ? cart.items : [];
    const items = current.some((item) => item.productId === inView.productId)
      ? current.map((item) =>
          item.productId === inView.productId ? { ...item, quantity: item.quantity + 1 } : item,
        )
      : [...current, inView];
    const next = { retailer, items };
    await writeCart(next);
    setCart(next);
    if (draft) update({ ...draft, items });
  }

  async function emptyCart() {
    await writeCart(undefined);
    setCart(undefined);
    if (draft && inView) update({ ...draft, items: [inView] });
  }

  function startManual() {
    const id = manual.productId.trim();
    if (!id)
      return setProblems([
        {
          field: 'manual.product_id',
          message: 'Enter the product id (the ASIN on amazon, the item number elsewhere).',
        },
      ]);
    const item: DraftItem = {
      productId: RETAILERS[manual.retailer].marketplace ? id.toUpperCase() : id,
      quantity: 1,
      currency: RETAILERS[manual.retailer].currency,
    };
    setDraft(newDraft(settings, manual.retailer, [item]));
    setProblems([]);
  }

  if (placed) {
    return (
      <section aria-label="Placed order">
        <h2>{placed.title ?? placed.productIds.join(', ')}</h2>
        <OrderStatusLine order={placed} />
        <button type="button" onClick={onShowOrders}>
          See all orders
        </button>
      </section>
    );
  }

  const cartOther = cart && retailer && cart.retailer !== retailer;
  return (
    <section aria-label="Order">
      {!tab.product && !draft && (
        <div class="notice">
          <p>This page is not a product page of a supported store.</p>
          <SelectField
            label="Retailer"
            value={manual.retailer}
            options={RETAILER_CODES.map((code) => [code, RETAILERS[code].storefront] as const)}
            onChange={(value) => setManual({ ...manual, retailer: value })}
          />
          <TextField
            label="Product id"
            value={manual.productId}
            onInput={(value) =>
              setManual({ ...manual, productId: detectProduct(value)?.productId ?? value })
            }
            error={errorOf('manual.product_id')}
          />
          <button type="button" onClick={startManual}>
            Order this product
          </button>
          <button type="button" class="link" onClick={onShowOrders}>
            See orders
          </button>
        </div>
      )}
      {draft && (
        <>
          <header class="product">
            {tab.details.image && <img src={tab.details.image} alt="" width={56} height={56} />}
            <div>
              <h2>
                {draft.items.length > 1
                  ? `Cart: ${draft.items.length} products`
                  : (draft.items[0]?.title ?? draft.items[0]?.productId)}
              </h2>
              <p class="hint">
                {draft.retailer && RETAILERS[draft.retailer].storefront} ·{' '}
                {draft.items.map((item) => item.productId).join(', ')}
              </p>
            </div>
          </header>
          {inView && (
            <div class="row">
              <button type="button" onClick={addToCart} disabled={Boolean(cartOther)}>
                Add to cart
              </button>
              {cart && cart.items.length > 0 && (
                <button type="button" class="link" onClick={emptyCart}>
                  Empty cart ({cart.items.length})
                </button>
              )}
            </div>
          )}
          {cartOther && (
            <p class="hint">
              The cart holds products of {cart?.retailer}; one order goes to one retailer.
            </p>
          )}
          <OrderForm
            draft={draft}
            settings={settings}
            vault={vault}
            onChange={update}
            errorOf={errorOf}
          />
          {problems
            .filter((problem) => !isShown(problem.field, draft))
            .map((problem) => (
              <p key={problem.field} class="error" role="alert">
                {problem.message}
              </p>
            ))}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <p class="summary">{summaryOf(draft, settings)}</p>
          <button type="button" class="primary" onClick={place} disabled={busy}>
            {busy ? 'Placing…' : 'Place order'}
          </button>
          <button
            type="button"
            class="link"
            onClick={() => update({ ...draft, criteria: criteriaDraft(settings, draft.retailer) })}
          >
            Reset seller criteria
          </button>
        </>
      )}
    </section>
  );
}

/** Whether a problem is already shown at a field of the form. */
function isShown(field: string, draft: Draft): boolean {
  const atField = [
    'max_price',
    'shipping_address',
    'addax',
    'managed_discount',
    'addax_queue_timeout',
    'managed_priority_bid',
    'retailer_credentials',
    'payment_method',
    'billing_address',
    'shipping_method',
    'shipping.order_by',
    'shipping.max_days',
    'shipping.max_price',
    'gift_message',
    'promo_codes',
    'force_offers_postal_code',
    'po_number',
    'marketplace_day',
    'max_delivery_days',
    'client_notes',
  ];
  return (
    atField.includes(field) ||
    field.startsWith('webhooks.') ||
    /^products\.\d+\.quantity$/.test(field) ||
    (!draft.criteria.useDefaults && field.startsWith('products.0.seller_selection_criteria.'))
  );
}
