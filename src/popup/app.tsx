import { useState } from 'preact/hooks';
import { browser } from '../shared/browser.ts';
import type { Connector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { useBackground } from '../ui/use-background.ts';
import { type EarlyReads, firstFrom } from './early-reads.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrderView } from './order-view.tsx';
import { OrdersList } from './orders-list.tsx';
import { usePageInView } from './use-page-in-view.ts';

type View = { name: 'order' } | { name: 'orders' } | { name: 'detail'; localId: string };

export function viewFromHash(): View | undefined {
  const match = /^#order=(.+)$/.exec(location.hash);
  if (match?.[1]) return { name: 'detail', localId: decodeURIComponent(match[1]) };
  return location.hash === '#orders' ? { name: 'orders' } : undefined;
}

const openOptions = () => void browser.runtime.openOptionsPage();

/** The popup: the order of the page in view, the orders list, one order's detail. */
export function App({ early }: { early?: EarlyReads }) {
  const [view, setView] = useState<View>(viewFromHash() ?? { name: 'order' });
  // The first read of each is the one the popup started before its first render.
  const [reads] = useState(() => ({
    settings: firstFrom(early?.settings, (c: Connector) => c.call('settings.get', {})),
    token: firstFrom(early?.token, (c: Connector) => c.call('token.status', {})),
    vault: firstFrom(early?.vault, (c: Connector) => c.call('vault.status', {})),
  }));
  const settings = useBackground(reads.settings, ['settings']);
  const token = useBackground(reads.token, ['token']);
  const vault = useBackground(reads.vault, ['vault']);
  const page = usePageInView(early, view.name === 'order');
  const tab = page.tab;

  const error = settings.error ?? vault.error ?? page.error;
  const showOrders = () => setView({ name: 'orders' });
  return (
    <main>
      <nav aria-label="Buyline">
        <h1>Buyline</h1>
        <button
          type="button"
          aria-pressed={view.name === 'order'}
          onClick={() => setView({ name: 'order' })}
        >
          Order
        </button>
        <button type="button" aria-pressed={view.name !== 'order'} onClick={showOrders}>
          Orders
        </button>
        <button type="button" class="link" onClick={openOptions}>
          Options
        </button>
      </nav>
      <ErrorText error={error} onOpenOptions={openOptions} />
      {token.data && !token.data.set && (
        <p class="notice" role="alert">
          No service token is set: add it in Options before ordering.
        </p>
      )}
      {view.name === 'order' &&
        (settings.data && vault.data && tab ? (
          <OrderView
            tab={tab}
            settings={settings.data}
            vault={vault.data}
            pageRead={page.pageRead}
            onShowOrders={showOrders}
            onOpenOptions={openOptions}
            {...(early ? { savedForm: early.saved } : {})}
          />
        ) : (
          !error && <p>Loading…</p>
        ))}
      {view.name === 'orders' && (
        <OrdersList onOpen={(localId) => setView({ name: 'detail', localId })} />
      )}
      {view.name === 'detail' && <OrderDetail localId={view.localId} onBack={showOrders} />}
    </main>
  );
}
