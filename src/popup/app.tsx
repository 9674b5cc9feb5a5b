import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { browser } from '../shared/browser.ts';
import type { ChangeScope } from '../shared/change-feed.ts';
import { t } from '../shared/i18n.ts';
import type { Connector } from '../ui/connector.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { useBackground } from '../ui/use-background.ts';
import { useOpenBeside, useShowRequests } from './beside-page.ts';
import { button } from './button.tsx';
import { NOT_READ_YET, useFollowedTab } from './follow-tab.ts';
import type { PopupDraft } from './form/types.ts';
import { HostAccess } from './host-access.tsx';
import { CancellableOrders, later, OrderDetail, OrdersList } from './later.ts';
import { OrderView } from './order-view.tsx';
import { retryDraft, retryProblems } from './retry.ts';
import type { PopupStart } from './start.ts';
import { activeTab, readTabProduct, type TabProduct } from './tab-product.ts';

type View =
  | { name: 'order' }
  | { name: 'orders' }
  | { name: 'detail'; localId: string }
  | { name: 'confirm'; localId: string };

/** The view an address asks for: `#orders`, `#order=<id>`, `#order=<id>&confirm` (its cancellation). */
export function viewFromHash(): View | undefined {
  const match = /^#order=([^&]+)(&confirm)?$/.exec(location.hash);
  if (match?.[1])
    return { name: match[2] ? 'confirm' : 'detail', localId: decodeURIComponent(match[1]) };
  return location.hash === '#orders' ? { name: 'orders' } : undefined;
}

const openOptions = () => void browser.runtime.openOptionsPage();
const openBulk = () =>
  void browser.tabs.create({ url: browser.runtime.getURL('src/bulk/index.html') });

// An order opened at its cancellation (a notification's button): loaded when asked for.
const ConfirmCancel = later(() => import('./confirm-cancel.tsx').then((m) => m.ConfirmCancel));

/** The product a tab shows, as one key: the side panel's form is each product's own. */
const productKey = (tab: PopupStart['tab'] | TabProduct | undefined) =>
  tab?.product ? `${tab.product.retailer}|${tab.product.productId}` : `page|${tab?.url ?? ''}`;

/**
 * The popup: the order of the page in view (under the recent orders that can still be
 * cancelled), the orders list, one order's detail, the way to bulk orders. Drawn from
 * what it read as it opened (start.ts), it follows every change announced after. The
 * side panel (`panel`) is the same app beside the page: it follows the tab in view.
 */
export function App({ start = {}, panel = false }: { start?: PopupStart; panel?: boolean }) {
  const [view, setView] = useState<View>(viewFromHash() ?? { name: 'order' });
  // "Order again" from an order's detail: the order view starts from that order's form.
  const [retry, setRetry] = useState<{ draft: PopupDraft; problems: FieldProblem[] }>();
  // What the popup read as it opened is the first order view's; a later one reads afresh.
  const [opening, setOpening] = useState(true);
  const go = (next: View) => {
    if (next.name !== 'order') setOpening(false);
    setView(next);
  };
  const first = <T,>(value: T) => (opening ? value : undefined);
  const live = <T,>(read: (c: Connector) => Promise<T>, scope: ChangeScope, initial?: T) =>
    useBackground(read, [scope], [], undefined, initial);
  const settings = live((c) => c.call('settings.get', {}), 'settings', start.settings);
  const token = live((c) => c.call('token.status', {}), 'token', start.token);
  const vault = live((c) => c.call('vault.status', {}), 'vault', start.vault);
  const inPopup = usePageInView(start.tab, !panel && view.name === 'order');
  const followed = useFollowedTab(start.tab, panel);
  const page = panel ? followed : inPopup;
  const tab = page.tab;
  // The side panel's product changes as the buyer moves: what was read at the start is
  // the first product's only, and each product's form is its own (the key).
  const product = productKey(tab);
  useEffect(() => {
    if (product !== productKey(start.tab)) setOpening(false);
  }, [product]);
  const openBeside = useOpenBeside();
  useShowRequests(panel, (localId, confirm) =>
    go(confirm ? { name: 'confirm', localId } : { name: 'detail', localId }),
  );

  const error = settings.error ?? vault.error ?? page.error;
  const showOrders = () => {
    // A form to order again is left with the order view; the next one is the page's.
    setRetry(undefined);
    go({ name: 'orders' });
  };
  const showOrder = (localId: string) => go({ name: 'detail', localId });
  const nav = (name: string, pressed: boolean, onClick: () => void) => (
    <button type="button" aria-pressed={pressed} onClick={onClick}>
      {name}
    </button>
  );
  return (
    <main>
      <nav aria-label={t('extName')}>
        <h1>{t('extName')}</h1>
        {nav(t('popup_order'), view.name === 'order', () => setView({ name: 'order' }))}
        {nav(t('popup_orders'), view.name !== 'order', showOrders)}
        {button(t('popup_bulk'), openBulk, 'link')}
        {button(t('popup_options'), openOptions, 'link')}
        {!panel && openBeside && button(t('popup_keepOpen'), openBeside, 'link')}
      </nav>
      <ErrorText error={error} onOpenOptions={openOptions} />
      {token.data && !token.data.set && (
        <p class="notice" role="alert">
          {t('popup_noToken')}
        </p>
      )}
      {panel && view.name === 'order' && followed.access !== 'ok' && (
        <HostAccess
          url={followed.access === 'unread' ? tab?.url : undefined}
          onGranted={followed.again}
        />
      )}
      {view.name === 'order' && panel && tab && !tab.product && !retry && (
        <>
          {followed.access === 'ok' && <p class="hint">{t('panel_otherPage')}</p>}
          <CancellableOrders />
          <OrdersList onOpen={showOrder} />
        </>
      )}
      {view.name === 'order' &&
        !(panel && tab && !tab.product && !retry) &&
        (settings.data && vault.data && tab ? (
          <OrderView
            key={panel ? `${retry?.draft.draftId}|${product}` : retry?.draft.draftId}
            tab={tab}
            settings={settings.data}
            vault={vault.data}
            pageRead={page.pageRead}
            onShowOrders={showOrders}
            onOpenOptions={openOptions}
            onOpenOrder={showOrder}
            onVault={vault.show}
            retry={retry}
            inFlight={first(start.inFlight)}
            savedForm={first(start.saved)}
          >
            <CancellableOrders initial={first(start.cancellable)} />
          </OrderView>
        ) : (
          !error && <p>{t('popup_loading')}</p>
        ))}
      {view.name === 'orders' && <OrdersList onOpen={showOrder} />}
      {view.name === 'confirm' && (
        <ConfirmCancel localId={view.localId} onShowOrders={showOrders} onOpen={showOrder} />
      )}
      {view.name === 'detail' && (
        <OrderDetail
          localId={view.localId}
          onBack={showOrders}
          onRetry={(order) => {
            const draft = settings.data && retryDraft(order, settings.data);
            if (!draft) return;
            setRetry({ draft, problems: retryProblems(order.failure) });
            setView({ name: 'order' });
          }}
        />
      )}
    </main>
  );
}

/**
 * The page in view in two steps: the product from the tab's address (`opened`: as the
 * popup opened), then the page's own details once read (`pageRead`, or it could not be).
 * Read only while `wanted` (the order view): the orders list never waits for it.
 */
function usePageInView(opened: PopupStart['tab'], wanted: boolean) {
  const connector = useConnector();
  const [state, setState] = useState<{
    tab: TabProduct | undefined;
    pageRead: boolean;
    error: unknown;
  }>({
    tab: opened && { ...opened, details: NOT_READ_YET },
    pageRead: false,
    error: undefined,
  });
  const asked = useRef(false);

  useLayoutEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    if (!state.tab)
      activeTab().then(
        // The page's reading may have ended first; it is not overwritten.
        (found) =>
          setState((old) => (old.tab ? old : { ...old, tab: { ...found, details: NOT_READ_YET } })),
        (error: unknown) => setState((old) => ({ ...old, error })),
      );
    readTabProduct(connector, opened).then(
      (tab) => setState({ tab, pageRead: true, error: undefined }),
      (error: unknown) => setState((old) => ({ ...old, pageRead: true, error })),
    );
  }, [wanted]);
  return state;
}
