import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { t } from '../shared/i18n.ts';
import { isManaged } from '../shared/order-request-from-form.ts';
import type { OrderView as PlacedView } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { failureOf } from '../ui/failure.ts';
import { focusFirst, PROBLEM } from '../ui/focus.ts';
import { ProblemsProvider, UnplacedProblems } from '../ui/problems.tsx';
import { useReadyMark } from '../ui/ready-mark.ts';
import { button } from './button.tsx';
import { ProductHeader } from './form/basics.tsx';
import type { PopupDraft } from './form/types.ts';
import { PlacedOrder, VaultUnlock } from './later.ts';
import { ManualEntry } from './manual-entry.tsx';
import { maxPriceTrouble, OrderForm, summaryOf } from './order-form.tsx';
import { placeRequestOf, useRefused } from './place-request.ts';
import { retryProblems } from './retry.ts';
import { useOrdersInFlight } from './start.ts';
import type { TabProduct } from './tab-product.ts';
import { itemOf, type Saved, useOrderDraft } from './use-order-draft.ts';

interface Props {
  tab: TabProduct;
  /** The page was read: its details say what it shows (no price, unavailable). */
  pageRead: boolean;
  settings: Settings;
  vault: VaultStatus;
  onShowOrders: () => void;
  onOpenOptions: () => void;
  onOpenOrder: (localId: string) => void;
  /** The vault's new status, after it was unlocked here. */
  onVault: (vault: VaultStatus) => void;
  /** The saved form and cart, when the popup read them as it opened. */
  savedForm?: Saved | undefined;
  /** The orders in flight for the product in view, when the popup read them as it opened. */
  inFlight?: PlacedView[] | undefined;
  /** "Order again" from the history: the form to start from, and the field to change. */
  retry?: { draft: PopupDraft; problems: FieldProblem[] } | undefined;
  /** Shown above the form: the recent orders that can be cancelled. */
  children?: ComponentChildren;
}

/** The button the buyer's next step is, once nothing is left to correct. */
const PLACE = '.act button';
/** The passphrase field, when a locked vault stopped the order. */
const PASSPHRASE = 'input[type="password"]';

/**
 * The order of the product in view (or the cart), from the form to the placed order.
 * The background checks the request (the only check); the form shows its problems at
 * their fields, focusing the first. The draft id makes a second submit the same order.
 */
export function OrderView(props: Props) {
  const { tab, settings, vault } = props;
  const connector = useConnector();
  const inView = props.retry ? undefined : itemOf(tab);
  const retailer = props.retry?.draft.retailer || tab.product?.retailer;
  const form = useOrderDraft(
    settings,
    vault,
    retailer,
    inView,
    props.pageRead,
    props.savedForm,
    props.retry?.draft,
  );
  const [problems, setProblems] = useState<FieldProblem[]>(props.retry?.problems ?? []);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [placed, setPlaced] = useState<{ order: PlacedView; draft: PopupDraft } | undefined>();
  // An order already on its way for the product in view comes first; another is a choice.
  const inFlight = useOrdersInFlight(
    props.retry ? undefined : (tab.product ?? undefined),
    props.inFlight,
  );
  const [another, setAnother] = useState(false);
  const formShown = another || inFlight.orders.length === 0;
  const [undone, setUndone] = useState(false);
  // Where the focus goes once what an action changed is drawn.
  const [focus, setFocus] = useState<{ on: string } | undefined>(
    props.retry ? { on: PROBLEM } : undefined,
  );
  const draft = form.draft as PopupDraft | undefined;
  const refused = useRefused(draft, settings);
  const vaultLocked = failureOf(error).kind === 'vault_locked';
  useReadyMark(Boolean(draft) || !tab.product);

  useLayoutEffect(() => {
    // Within the order form: a message elsewhere on the page is not this action's.
    const within = document.querySelector('form.order') ?? document;
    if (focus) focusFirst(focus.on, within) || focusFirst(PLACE, within);
  }, [focus]);

  const update = (next: PopupDraft) => {
    form.update(next);
    setProblems([]);
    setUndone(false);
  };
  /** The vault was unlocked here: the order can go on, and Place is the next step. */
  const unlocked = (status: VaultStatus) => {
    props.onVault(status);
    setError(undefined);
    setFocus({ on: PLACE });
  };
  /** The same form again, as a new order, with what to change marked. */
  const again = (from: PopupDraft, marked: FieldProblem[] = []) => {
    form.update({ ...from, draftId: crypto.randomUUID() });
    setPlaced(undefined);
    setProblems(marked);
    setFocus({ on: PROBLEM });
  };

  async function place() {
    if (!draft || sending.current) return;
    sending.current = true;
    const { request, secrets, oneOff } = placeRequestOf(draft, settings);
    const title =
      draft.items.length === 1 ? draft.items[0]?.title : t('popup_products', draft.items.length);
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
      if (!result.placed) {
        setProblems(result.problems);
        return setFocus({ on: PROBLEM });
      }
      if (oneOff && draft.oneOff?.save) {
        const name = [`${oneOff.first_name} ${oneOff.last_name}`, oneOff.city];
        const saved = { id: crypto.randomUUID(), label: name.filter(Boolean).join(', ') };
        const addresses = [...settings.addresses, { ...saved, address: oneOff }];
        await connector.call('settings.update', { patch: { addresses } }).catch(setError);
      }
      setPlaced({ order: result.order, draft });
      await form.finish(draft, secrets);
    } catch (failure) {
      const { kind, problems: found } = failureOf(failure);
      if (kind === 'invalid' && found.length > 0) setProblems(found);
      else setError(failure);
      setFocus({ on: kind === 'vault_locked' ? PASSPHRASE : PROBLEM });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  if (placed) {
    return (
      <>
        <PlacedOrder
          order={placed.order}
          onShowOrders={props.onShowOrders}
          onOpen={props.onOpenOrder}
          onRetry={(order) => again(placed.draft, retryProblems(order.failure))}
          onUndone={() => {
            // Nothing was sent: the same form comes back, as a new order.
            again(placed.draft);
            setUndone(true);
          }}
        />
        <ErrorText error={error} />
      </>
    );
  }

  const cart = form.cart;
  const cartOther = Boolean(cart && retailer && cart.retailer !== retailer);
  return (
    <section aria-label={t('popup_order')}>
      {props.children}
      {inFlight.orders.map((order) => (
        <PlacedOrder
          key={order.localId}
          order={order}
          focus={false}
          onShowOrders={props.onShowOrders}
          onOpen={props.onOpenOrder}
          onUndone={() => inFlight.drop(order.localId)}
        />
      ))}
      {!formShown && (
        // Placing another order for the same product is a separate choice, never the first button.
        <div class="row">
          <p class="hint">{t('popup_inFlightFirst')}</p>
          {button(t('popup_placeAnother'), () => {
            setAnother(true);
            setFocus({ on: PLACE });
          })}
        </div>
      )}
      {!tab.product && !draft && (
        <ManualEntry onStart={form.start} onShowOrders={props.onShowOrders} />
      )}
      {draft && formShown && (
        <ProblemsProvider problems={problems}>
          <form
            class="order"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void place();
            }}
          >
            <ProductHeader
              draft={draft}
              image={tab.details.image}
              fromPage={Boolean(inView) && props.pageRead}
              unavailable={Boolean(inView) && tab.details.availability === 'out_of_stock'}
            />
            {inView && (
              <div class="row">
                <button type="button" onClick={() => form.addToCart(inView)} disabled={cartOther}>
                  {t('popup_addToCart')}
                </button>
                {cart && cart.items.length > 0 && (
                  <button type="button" class="link" onClick={() => form.emptyCart(inView)}>
                    {t('popup_emptyCart', cart.items.length)}
                  </button>
                )}
              </div>
            )}
            {cartOther && (
              <p class="hint">{t('popup_cartOther', retailerName(cart?.retailer ?? ''))}</p>
            )}
            {undone && <p class="hint">{t('popup_undone')}</p>}
            <OrderForm
              draft={draft}
              settings={settings}
              vault={vault}
              onChange={update}
              onVault={unlocked}
            />
            <UnplacedProblems />
            <ErrorText
              error={error}
              {...(vaultLocked ? {} : { onOpenOptions: props.onOpenOptions })}
            />
            {vaultLocked && isManaged(draft) && <VaultUnlock onUnlocked={unlocked} />}
            <footer class="act">
              <p class="summary" id="order-summary">
                {summaryOf(draft, settings)}
              </p>
              {/* Dimmed while a required field is missing or invalid (the maximum's trouble
                  at once, the rest as the background's check answers), yet never disabled:
                  a click asks the background, whose answer says why at each field, so no
                  click is dropped. */}
              <button
                type="submit"
                class={refused || maxPriceTrouble(draft) ? 'primary unavailable' : 'primary'}
                disabled={busy}
                aria-describedby="order-summary"
              >
                {t(busy ? 'popup_placing' : 'popup_place')}
              </button>
            </footer>
          </form>
        </ProblemsProvider>
      )}
    </section>
  );
}
