import { useEffect, useState } from 'preact/hooks';
import { browser } from '../shared/browser.ts';
import { ask } from '../shared/messaging.ts';
import type { TokenStatus } from '../shared/protocol.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrderView } from './order-view.tsx';
import { OrdersList } from './orders-list.tsx';
import { readTabProduct, type TabProduct } from './tab-product.ts';

type View = { name: 'order' } | { name: 'orders' } | { name: 'detail'; localId: string };

function viewFromHash(): View | undefined {
  const match = /^#order=(.+)$/.exec(location.hash);
  if (match?.[1]) return { name: 'detail', localId: decodeURIComponent(match[1]) };
  return location.hash === '#orders' ? { name: 'orders' } : undefined;
}

interface Loaded {
  settings: Settings;
  token: TokenStatus;
  vault: VaultStatus;
}

export function App() {
  const [view, setView] = useState<View>(viewFromHash() ?? { name: 'order' });
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [tab, setTab] = useState<TabProduct | undefined>();
  const [error, setError] = useState<string | undefined>();
  const fail = (failure: unknown) =>
    setError(failure instanceof Error ? failure.message : String(failure));

  useEffect(() => {
    Promise.all([ask('settings.get', {}), ask('token.status', {}), ask('vault.status', {})])
      .then(([settings, token, vault]) => setLoaded({ settings, token, vault }))
      .catch(fail);
  }, []);

  // The page in view is read for the order view only; the orders list never waits for it.
  useEffect(() => {
    if (view.name === 'order' && !tab) readTabProduct().then(setTab).catch(fail);
  }, [view.name]);

  const openOptions = () => void browser.runtime.openOptionsPage();
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
        <button
          type="button"
          aria-pressed={view.name !== 'order'}
          onClick={() => setView({ name: 'orders' })}
        >
          Orders
        </button>
        <button type="button" class="link" onClick={openOptions}>
          Options
        </button>
      </nav>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!loaded && !error && <p>Loading…</p>}
      {loaded && !loaded.token.set && (
        <p class="notice" role="alert">
          No service token is set: add it in Options before ordering.
        </p>
      )}
      {loaded && tab && view.name === 'order' && (
        <OrderView
          tab={tab}
          settings={loaded.settings}
          vault={loaded.vault}
          onShowOrders={() => setView({ name: 'orders' })}
        />
      )}
      {view.name === 'orders' && (
        <OrdersList onOpen={(localId) => setView({ name: 'detail', localId })} />
      )}
      {view.name === 'detail' && (
        <OrderDetail localId={view.localId} onBack={() => setView({ name: 'orders' })} />
      )}
    </main>
  );
}
