// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { viewFromHash } from '../../../src/popup/app.tsx';
import { loadTheRest } from '../../../src/popup/later.ts';
import type { TabProduct } from '../../../src/popup/tab-product.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { amazonTab, settingsWithHome } from './fixtures.ts';
import { renderOrderView } from './order-view-render.tsx';

// The side panel moves from product to product: each product's form is its own, kept
// for the session (productDrafts), so coming back to a product finds it as left.

let connector: MockConnector;

beforeEach(() => {
  fakeBrowser.reset();
  connector = mockConnector({});
});
afterEach(cleanup);
beforeAll(() => loadTheRest());

const otherTab = (): TabProduct => ({
  url: 'https://www.amazon.com/dp/B0CANCELOK',
  product: { retailer: 'amazon', productId: 'B0CANCELOK' },
  details: { title: 'Other Item', availability: 'in_stock' },
});

function show(tab: TabProduct) {
  cleanup();
  renderOrderView(connector, settingsWithHome(), tab);
}

const quantity = async () => ((await screen.findByLabelText('Quantity')) as HTMLInputElement).value;

async function kept(productId: string): Promise<number | undefined> {
  const { productDrafts } = await fakeBrowser.storage.session.get('productDrafts');
  const drafts = (productDrafts ?? []) as { items: { productId: string; quantity: number }[] }[];
  return drafts.find((draft) => draft.items[0]?.productId === productId)?.items[0]?.quantity;
}

describe('each product’s own form', () => {
  it('comes back as left after another product was shown', async () => {
    show(amazonTab());
    fireEvent.input(await screen.findByLabelText('Quantity'), { target: { value: '3' } });
    await waitFor(async () => expect(await kept('B0PLACES01')).toBe(3));

    show(otherTab());
    expect(await quantity()).toBe('1');
    fireEvent.input(await screen.findByLabelText('Quantity'), { target: { value: '2' } });
    await waitFor(async () => expect(await kept('B0CANCELOK')).toBe(2));

    show(amazonTab());
    await waitFor(async () => expect(await quantity()).toBe('3'));
    show(otherTab());
    await waitFor(async () => expect(await quantity()).toBe('2'));
  });
});

describe('the address of an order’s cancellation', () => {
  it.each([
    ['#order=abc', { name: 'detail', localId: 'abc' }],
    ['#order=a%20b&confirm', { name: 'confirm', localId: 'a b' }],
    ['#orders', { name: 'orders' }],
    ['', undefined],
  ])('%j opens %j', (hash, view) => {
    location.hash = hash;
    expect(viewFromHash()).toEqual(view);
  });
});
