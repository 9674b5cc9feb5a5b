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

let connector: MockConnector;
afterEach(cleanup);
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
    'orders.query': () => [orderRecord()],
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
    // The recent orders the first screen offers to cancel are one of them.
    expect(connector.calls.map((call) => call.type).sort()).toEqual([
      'orders.query',
      'settings.get',
      'token.status',
      'vault.status',
    ]);
    expect(readTabProduct).toHaveBeenCalledTimes(1);
    renderWith(connector, <App early={early} />);
    await screen.findByRole('button', { name: 'Place order' });
    expect(connector.calls).toHaveLength(4);
    expect(readTabProduct).toHaveBeenCalledTimes(1);
    expect(activeTabProduct).toHaveBeenCalledTimes(1);
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
