// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));
// The page in view: the popup reads it through the page-readers' module, replaced here.
const readTabProduct = vi.hoisted(() => vi.fn());
vi.mock('../../../src/popup/tab-product.ts', () => ({ readTabProduct }));
const activeTabProduct = vi.hoisted(() => vi.fn());
vi.mock('../../../src/popup/active-tab.ts', () => ({ activeTabProduct }));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { App } from '../../../src/popup/app.tsx';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { amazonTab, LOCKED_VAULT, opens, orderRecord, settingsWithHome } from './fixtures.ts';

const MANIFEST = { manifest_version: 3 as const, name: 'Buyline', version: '0.1.0' };

let connector: MockConnector;
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  performance.clearMarks();
});
beforeEach(() => {
  fakeBrowser.reset();
  location.hash = '';
  readTabProduct.mockReset().mockResolvedValue(amazonTab());
  activeTabProduct.mockReset().mockResolvedValue({
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
    expect(activeTabProduct).not.toHaveBeenCalled();
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

  it('starts every first read before its first render, and takes those answers', async () => {
    const { startEarlyReads } = await import('../../../src/popup/early-reads.ts');
    const early = startEarlyReads(connector, 'order');
    expect(readTabProduct).toHaveBeenCalledTimes(1);
    // Nothing was written ahead (first-screen.ts): the settings and the vault are asked too.
    await Promise.all([early.settings, early.vault]);
    await early.inFlight;
    expect(connector.calls.map((call) => call.type).sort()).toEqual([
      'orders.query',
      'orders.query',
      'settings.get',
      'token.status',
      'vault.status',
    ]);
    renderWith(connector, <App early={early} />);
    await screen.findByRole('button', { name: 'Place order' });
    expect(connector.calls).toHaveLength(5);
    expect(readTabProduct).toHaveBeenCalledTimes(1);
    expect(activeTabProduct).toHaveBeenCalledTimes(1);
  });

  it('draws the form in its first render from what the background wrote ahead', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue(MANIFEST);
    const settings = settingsWithHome({ holdSeconds: 9 });
    await fakeBrowser.storage.session.set({
      firstScreen: { version: MANIFEST.version, settings, vault: LOCKED_VAULT },
    });
    const { firstScreenRead, startEarlyReads } = await import('../../../src/popup/early-reads.ts');
    const early = startEarlyReads(connector, 'order');
    await firstScreenRead(early, 1_000);
    // Only what is not written ahead goes to the background: the token, recent orders
    // and the orders in flight for the product in view.
    expect(connector.calls.map((call) => call.type).sort()).toEqual([
      'orders.query',
      'orders.query',
      'token.status',
    ]);
    renderWith(connector, <App early={early} />);
    // In the first render itself, no loading step before it.
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(performance.getEntriesByName('buyline:ready')).toHaveLength(1);
    expect((screen.getByLabelText('Ship to') as HTMLSelectElement).value).toBe('home');
    // A settings change announced later is read from the background as usual.
    connector.answer('settings.get', () =>
      settingsWithHome({ addresses: [], defaultAddressId: '' }),
    );
    connector.publish(['settings']);
    await waitFor(() =>
      expect(connector.calls.filter((call) => call.type === 'settings.get')).toHaveLength(1),
    );
  });

  it('asks the background when what was written ahead is another version’s', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue(MANIFEST);
    await fakeBrowser.storage.session.set({
      firstScreen: { version: '0.0.9', settings: settingsWithHome(), vault: LOCKED_VAULT },
    });
    const { startEarlyReads } = await import('../../../src/popup/early-reads.ts');
    const early = startEarlyReads(connector, 'order');
    await Promise.all([early.settings, early.vault]);
    expect(connector.calls.map((call) => call.type)).toEqual(
      expect.arrayContaining(['settings.get', 'vault.status']),
    );
  });

  it('keeps the form’s changes when the buyer goes to the orders and back', async () => {
    const { firstScreenRead, startEarlyReads } = await import('../../../src/popup/early-reads.ts');
    const early = startEarlyReads(connector, 'order');
    await firstScreenRead(early, 1_000);
    renderWith(connector, <App early={early} />);
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
