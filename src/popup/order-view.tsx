import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import type { Draft } from '../shared/order-form-model.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { requestFromForm } from '../shared/order-request-from-form.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { failureOf } from '../ui/failure.ts';
import { ProblemsProvider, UnplacedProblems } from '../ui/problems.tsx';
import { useReadyMark } from '../ui/ready-mark.ts';
import { ProductHeader } from './form/product-header.tsx';
import { ManualEntry } from './manual-entry.tsx';
import { OrderForm } from './order-form.tsx';
import { summaryOf } from './order-summary.ts';
import { itemOf, saysUnavailable } from './page-item.ts';
import { PlacedOrder } from './placed-order.tsx';
import type { Cart } from './stores.ts';
import type { TabProduct } from './tab-product.ts';
import { useOrderDraft } from './use-order-draft.ts';

interface Props {
  tab: TabProduct;
  /** The page was read: its details say what it shows (no price, unavailable). */
  pageRead: boolean;
  settings: Settings;
  vault: VaultStatus;
  onShowOrders: () => void;
  onOpenOptions: () => void;
  /** The saved form and cart, when the popup started reading them already. */
  savedForm?: Promise<[Draft | undefined, Cart | undefined]>;
}

/**
 * The order of the product in view (or of the cart), from the form to the placed
 * order. The background checks the request (the only check) and answers with the
 * problems, which the form shows at their fields.
 */
export function OrderView(props: Props) {
  const { tab, settings } = props;
  const connector = useConnector();
  const inView = itemOf(tab);
  const retailer = tab.product?.retailer;
  const form = useOrderDraft(settings, retailer, inView, props.pageRead, props.savedForm);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<{ order: OrderRecord; draft: Draft } | undefined>();
  const [undone, setUndone] = useState(false);
  const draft = form.draft;
  useReadyMark(Boolean(draft) || !tab.product);

  const update = (next: Draft) => {
    form.update(next);
    setProblems([]);
    setUndone(false);
  };

  async function place() {
    if (!draft) return;
    const { request, secrets } = requestFromForm(draft, settings);
    const title =
      draft.items.length === 1 ? draft.items[0]?.title : `${draft.items.length} products`;
    setBusy(true);
    setError(undefined);
    setProblems([]);
    try {
      const result = await connector.call('order.place', {
        draftId: draft.draftId,
        request,
        ...(title ? { title } : {}),
        ...(secrets ? { secrets } : {}),
      });
      if (!result.placed) return setProblems(result.problems);
      setPlaced({ order: result.order, draft });
      await form.finish();
    } catch (failure) {
      const { kind, problems: found } = failureOf(failure);
      if (kind === 'invalid' && found.length > 0) setProblems(found);
      else setError(failure);
    } finally {
      setBusy(false);
    }
  }

  if (placed) {
    return (
      <PlacedOrder
        order={placed.order}
        onShowOrders={props.onShowOrders}
        onUndone={() => {
          // Nothing was sent: the same form comes back, as a new order.
          form.update({ ...placed.draft, draftId: crypto.randomUUID() });
          setPlaced(undefined);
          setUndone(true);
        }}
      />
    );
  }

  const cart = form.cart;
  const cartOther = Boolean(cart && retailer && cart.retailer !== retailer);
  return (
    <section aria-label="Order">
      {!tab.product && !draft && (
        <ManualEntry onStart={form.start} onShowOrders={props.onShowOrders} />
      )}
      {draft && (
        <ProblemsProvider problems={problems}>
          <ProductHeader
            draft={draft}
            image={tab.details.image}
            fromPage={Boolean(tab.product) && props.pageRead}
            unavailable={saysUnavailable(tab.details)}
          />
          {inView && (
            <div class="row">
              <button type="button" onClick={() => form.addToCart(inView)} disabled={cartOther}>
                Add to cart
              </button>
              {cart && cart.items.length > 0 && (
                <button type="button" class="link" onClick={() => form.emptyCart(inView)}>
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
          {undone && <p class="hint">Undone: nothing was sent.</p>}
          <OrderForm draft={draft} settings={settings} vault={props.vault} onChange={update} />
          <UnplacedProblems />
          <ErrorText error={error} onOpenOptions={props.onOpenOptions} />
          <p class="summary">{summaryOf(draft, settings)}</p>
          <button type="button" class="primary" onClick={place} disabled={busy}>
            {busy ? 'Placing…' : 'Place order'}
          </button>
        </ProblemsProvider>
      )}
    </section>
  );
}
