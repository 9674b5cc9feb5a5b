import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { browser } from '../shared/browser.ts';
import type { ChangeScope } from '../shared/change-feed.ts';
import { t } from '../shared/i18n.ts';
import type { Connector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { useBackground } from '../ui/use-background.ts';
import type { PopupDraft } from './form/types.ts';
import { CancellableOrders, OrderDetail, OrdersList } from './later.ts';
import { OrderView } from './order-view.tsx';
import { retryDraft } from './retry-draft.ts';
import { retryProblems } from './retry-field.ts';
import type { PopupStart } from './start.ts';
import { usePageInView } from './use-page-in-view.ts';

type View = { name: 'order' } | { name: 'orders' } | { name: 'detail'; localId: string };

export function viewFromHash(): View | undefined {
  const match = /^#order=(.+)$/.exec(location.hash);
  if (match?.[1]) return { name: 'detail', localId: decodeURIComponent(match[1]) };
  return location.hash === '#orders' ? { name: 'orders' } : undefined;
}

const openOptions = () => void browser.runtime.openOptionsPage();
const openBulk = () =>
  void browser.tabs.create({ url: browser.runtime.getURL('src/bulk/index.html') });

/**
 * The popup: the order of the page in view (under the recent orders that can still be
 * cancelled), the orders list, one order's detail; and the way to bulk orders. It is
 * drawn from what the popup read as it opened (`start`, start.ts), and follows every
 * change the background announces after.
 */
export function App({ start = {} }: { start?: PopupStart }) {
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
  const page = usePageInView(start.tab, view.name === 'order');
  const tab = page.tab;

  const error = settings.error ?? vault.error ?? page.error;
  const showOrders = () => {
    // A form to order again is left with the order view; the next one is the page's.
    setRetry(undefined);
    go({ name: 'orders' });
  };
  const showOrder = (localId: string) => go({ name: 'detail', localId });
  const nav = (name: string, pressed: boolean, onClick: () => void, link?: boolean) => (
    <button
      type="button"
      class={link ? 'link' : undefined}
      aria-pressed={link ? undefined : pressed}
      onClick={onClick}
    >
      {name}
    </button>
  );
  return (
    <main>
      <nav aria-label={t('extName')}>
        <h1>{t('extName')}</h1>
        {nav(t('popup_order'), view.name === 'order', () => setView({ name: 'order' }))}
        {nav(t('popup_orders'), view.name !== 'order', showOrders)}
        {nav(t('popup_bulk'), false, openBulk, true)}
        {nav(t('popup_options'), false, openOptions, true)}
      </nav>
      <ErrorText error={error} onOpenOptions={openOptions} />
      {token.data && !token.data.set && (
        <p class="notice" role="alert">
          {t('popup_noToken')}
        </p>
      )}
      {view.name === 'order' &&
        (settings.data && vault.data && tab ? (
          <OrderView
            key={retry?.draft.draftId}
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
