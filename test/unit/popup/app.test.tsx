// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));
// The page in view: the popup reads it through the page-readers' module, replaced here.
const readTabProduct = vi.hoisted(() => vi.fn());
const activeTab = vi.hoisted(() => vi.fn());
vi.mock('../../../src/popup/tab-product.ts', async (original) => ({
  ...(await original<object>()),
  readTabProduct,
  activeTab,
}));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { App } from '../../../src/popup/app.tsx';
import { loadTheRest } from '../../../src/popup/later.ts';
import { readStart } from '../../../src/popup/start.ts';
import type { FirstScreen } from '../../../src/shared/first-screen.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { amazonTab, LOCKED_VAULT, opens, orderRecord, settingsWithHome } from './fixtures.ts';

const MANIFEST = { manifest_version: 3 as const, name: 'Buyline', version: '0.1.0' };

/** What the background writes ahead for the first screen, as of notice-1. */
function written(change: Partial<FirstScreen> = {}): FirstScreen {
  return {
    version: MANIFEST.version,
    feed: 'notice-1',
    settings: settingsWithHome(),
    vault: LOCKED_VAULT,
    token: { set: true },
    inFlight: [],
    cancellable: [],
    ...change,
  };
}

let connector: MockConnector;
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  performance.clearMarks();
});
beforeEach(() => {
  fakeBrowser.reset();
  // The tab in front, which the popup's first reads take the product from (the fake
  // browser's tabs have no window in front).
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([
    { id: 7, url: amazonTab().url, active: true },
  ] as never);
  location.hash = '';
  readTabProduct.mockReset().mockResolvedValue(amazonTab());
  activeTab.mockReset().mockResolvedValue({
    url: amazonTab().url,
    product: amazonTab().product,
  });
  connector = mockConnector({
    'settings.get': () => settingsWithHome(),
    'token.status': () => ({ set: true }),
    'vault.status': () => LOCKED_VAULT,
    // The recent placed orders; none in flight for the product in view.
    'orders.query': ({ state }) => (state === 'in_flight' ? [] : [orderRecord()]),
    'orders.search': () => ({ orders: [orderRecord()] }),
    'order.get': () => ({ order: orderRecord(), cancellations: [], events: [] }),
  });
});

// What the popup loads after its first paint is loaded before a test draws it.
beforeAll(() => loadTheRest());

describe('the popup', () => {
  it('opens on the order of the page in view, ready to place', async () => {
    renderWith(connector, <App />);
    await screen.findByRole('button', { name: 'Place order' });
    expect(performance.getEntriesByName('buyline:ready')).toHaveLength(1);
    expect(screen.queryByText(/No service token is set/)).toBeNull();
  });

  it('says when no token is set, and updates when one is saved elsewhere', async () => {
    let set = false;
    connector.answer('token.status', () => ({ set }));
    renderWith(connector, <App />);
    await screen.findByText('No service token is set: add it in Options before ordering.');
    set = true;
    connector.publish(['token']);
    await waitFor(() => expect(screen.queryByText(/No service token is set/)).toBeNull());
  });

  it('moves between the order, the list and an order’s detail', async () => {
    renderWith(connector, <App />);
    fireEvent.click(screen.getByRole('button', { name: 'Orders' }));
    fireEvent.click(await screen.findByRole('button', { name: opens('Sandbox Test Item') }));
    await screen.findByRole('region', { name: 'Order detail' });
    fireEvent.click(screen.getByRole('button', { name: '← Orders' }));
    await screen.findByRole('region', { name: 'Orders' });
  });

  it('opens the orders list without reading the page in view', async () => {
    location.hash = '#orders';
    renderWith(connector, <App />);
    await screen.findByRole('button', { name: opens('Sandbox Test Item') });
    expect(readTabProduct).not.toHaveBeenCalled();
    expect(activeTab).not.toHaveBeenCalled();
  });

  it('shows the form from the tab’s address while the page is read, then its title and price', async () => {
    let pageRead: (tab: ReturnType<typeof amazonTab>) => void = () => undefined;
    readTabProduct.mockReturnValue(new Promise((resolve) => (pageRead = resolve)));
    renderWith(connector, <App />);
    const max = (await screen.findByLabelText('Maximum price (USD)')) as HTMLInputElement;
    expect(screen.getByRole('heading', { name: 'B0PLACES01' })).toBeTruthy();
    expect(max.value).toBe('');
    // Not read yet is not "no price": nothing is said about the price until the page is.
    expect(screen.queryByText('No price on this page: set a maximum price.')).toBeNull();
    pageRead(amazonTab());
    await screen.findByRole('heading', { name: 'Sandbox Test Item' });
    await waitFor(() => expect(max.value).toBe('21.99'));
  });

  it('reads its first screen once, before its first render, and asks nothing again', async () => {
    const start = await readStart(connector, 'order');
    // Nothing was written ahead (first-screen.ts): each part is asked of the background.
    expect(connector.calls.map((call) => call.type).sort()).toEqual([
      'orders.query',
      'orders.query',
      'settings.get',
      'token.status',
      'vault.status',
    ]);
    renderWith(connector, <App start={start} />);
    // In the first render itself, no loading step before it.
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(performance.getEntriesByName('buyline:ready')).toHaveLength(1);
    await screen.findByRole('region', { name: 'Recent orders you can cancel' });
    // The form is checked as it stands (order.check); nothing is read again.
    const reads = connector.calls.filter((call) => call.type !== 'order.check');
    expect(reads).toHaveLength(5);
    // The tab in front was read once, with the rest of the first screen.
    expect(fakeBrowser.tabs.query).toHaveBeenCalledTimes(1);
    expect(activeTab).not.toHaveBeenCalled();
    // The page itself is read once the form is shown.
    expect(readTabProduct).toHaveBeenCalledTimes(1);
  });

  it('draws the form from what the background wrote ahead, without asking it', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue(MANIFEST);
    const settings = settingsWithHome({ holdSeconds: 9 });
    await fakeBrowser.storage.session.set({
      firstScreen: written({ settings }),
      changeFeed: { id: 'notice-1', at: 0, scopes: ['orders'] },
    });
    const start = await readStart(connector, 'order');
    expect(connector.calls).toEqual([]);
    renderWith(connector, <App start={start} />);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(performance.getEntriesByName('buyline:ready')).toHaveLength(1);
    expect((screen.getByLabelText('Ship to') as HTMLSelectElement).value).toBe('home');
    // A settings change announced later is read from the background as usual.
    connector.answer('settings.get', () =>
      settingsWithHome({ addresses: [], defaultAddressId: '' }),
    );
    connector.publish(['settings']);
    await waitFor(() => expect(connector.callsOf('settings.get')).toHaveLength(1));
  });

  it('takes the orders in flight for the product in view from what was written ahead', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue(MANIFEST);
    const mine = orderRecord({ localId: 'mine', state: 'processing' });
    const other = orderRecord({ localId: 'other', state: 'processing', productIds: ['B0OTHER'] });
    await fakeBrowser.storage.session.set({
      firstScreen: written({ inFlight: [mine, other] }),
      changeFeed: { id: 'notice-1', at: 0, scopes: ['orders'] },
    });
    const start = await readStart(connector, 'order');
    expect(start.inFlight?.map((order) => order.localId)).toEqual(['mine']);
    expect(connector.calls).toEqual([]);
  });

  it('asks the background when what was written ahead is another version’s, or older than the last change', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue(MANIFEST);
    await fakeBrowser.storage.session.set({ firstScreen: written({ version: '0.0.9' }) });
    await readStart(connector, 'order');
    expect(connector.calls).toHaveLength(5);
    connector.calls.length = 0;
    await fakeBrowser.storage.session.set({
      firstScreen: written(),
      changeFeed: { id: 'notice-2', at: 0, scopes: ['orders'] },
    });
    await readStart(connector, 'order');
    // Settings, vault and token are rewritten with every change of theirs; the orders
    // written are older than the last notice, so only they are asked.
    expect(connector.calls.map((call) => call.type).sort()).toEqual([
      'orders.query',
      'orders.query',
    ]);
  });

  it('keeps the form’s changes when the buyer goes to the orders and back', async () => {
    renderWith(connector, <App start={await readStart(connector, 'order')} />);
    const quantity = (await screen.findByLabelText(/Quantity/)) as HTMLInputElement;
    fireEvent.input(quantity, { target: { value: '3' } });
    const savedQuantity = async () => {
      const { popupDraft } = await fakeBrowser.storage.session.get('popupDraft');
      return (popupDraft as { items?: { quantity: number }[] } | undefined)?.items?.[0]?.quantity;
    };
    await waitFor(async () => expect(await savedQuantity()).toBe(3));
    fireEvent.click(screen.getByRole('button', { name: 'Orders' }));
    await screen.findByRole('region', { name: 'Orders' });
    fireEvent.click(screen.getByRole('button', { name: 'Order' }));
    // The form comes back as the buyer left it, not as the popup found it when it opened.
    await waitFor(() =>
      expect((screen.getByLabelText(/Quantity/) as HTMLInputElement).value).toBe('3'),
    );
  });

  it('shows a failure to read the settings instead of loading forever', async () => {
    connector.answer('settings.get', () => {
      throw new Error('Buyline’s background did not answer.');
    });
    renderWith(connector, <App />);
    await screen.findByText('Buyline’s background did not answer.');
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
