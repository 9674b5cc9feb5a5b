// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The popup's view of the tab, read by the background (page.read), with an extension
// API that does what browsers do with scripting.executeScript({ func, args }): it runs
// the function's source text, not the function, in the page, with the arguments as JSON.
const api = vi.hoisted(() => ({
  tab: { id: 7, url: '' } as { id?: number; url?: string },
  calls: [] as { func: string; args: unknown[] }[],
  refuse: false,
}));

vi.mock('../../../src/shared/browser.ts', () => ({
  browser: {
    tabs: { query: async () => [api.tab], get: async () => api.tab },
    scripting: {
      executeScript: async ({ func, args = [] }: { func: () => unknown; args?: unknown[] }) => {
        if (api.refuse) throw new Error('Cannot access contents of the page.');
        const source = func.toString();
        api.calls.push({ func: func.name, args });
        const inPage = new Function(`return (${source})`)();
        return [{ frameId: 0, result: inPage(...JSON.parse(JSON.stringify(args))) }];
      },
    },
  },
}));

import { readPageInTab } from '../../../src/background/page-read.ts';
import { readTabProduct as readWith } from '../../../src/popup/tab-product.ts';
import type { Connector } from '../../../src/ui/connector.ts';

/** The popup's connector, as far as reading the page goes: the background's handler. */
const connector = {
  call: (type: string, payload: { tabId: number }) =>
    type === 'page.read' ? readPageInTab(payload.tabId) : Promise.reject(new Error(type)),
  subscribe: () => () => undefined,
} as unknown as Connector;
const readTabProduct = () => readWith(connector);

import { FIXTURE_PAGES, fixtureHtml } from '../../fixtures/pages/readings.ts';

function open(url: string, html: string): void {
  api.tab = { id: 7, url };
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
}

beforeEach(() => {
  api.calls = [];
  api.refuse = false;
  delete (globalThis as { __buylinePageReaders?: unknown }).__buylinePageReaders;
});

describe('the product in the active tab', () => {
  it.each(FIXTURE_PAGES.filter((page) => page.file.startsWith('amazon/')).slice(0, 3))(
    'reads $file in the page, from the readers’ source text',
    ({ file, url, expected }) => {
      open(url, fixtureHtml(file));
      return expect(readTabProduct()).resolves.toMatchObject({ url, details: expected });
    },
  );

  it('injects every installer, then the run with the page’s context as plain data', async () => {
    const page = FIXTURE_PAGES.find((entry) => entry.file === 'walmart/walmart-next-data.html');
    if (!page) throw new Error('fixture missing');
    open(page.url, fixtureHtml(page.file));
    const tab = await readTabProduct();
    expect(tab.product).toEqual({ retailer: 'walmart', productId: '619448939' });
    expect(tab.details).toEqual(page.expected);
    const last = api.calls.at(-1);
    expect(last).toEqual({
      func: 'runPageReaders',
      args: [{ retailer: 'walmart', family: 'walmart', currency: 'USD', productId: '619448939' }],
    });
    expect(api.calls.slice(0, -1).every((call) => call.func.startsWith('install'))).toBe(true);
  });

  it('keeps the product from the address when the page cannot be read', async () => {
    api.refuse = true;
    open('https://www.amazon.com/dp/B0PLACES01', '<html><body></body></html>');
    await expect(readTabProduct()).resolves.toEqual({
      url: 'https://www.amazon.com/dp/B0PLACES01',
      product: { retailer: 'amazon', productId: 'B0PLACES01' },
      details: { availability: 'unknown' },
    });
  });

  it('does not read pages that are not products', async () => {
    open(
      'https://www.amazon.com/s?k=bottle',
      '<html><body><span id="productTitle">x</span></body></html>',
    );
    await expect(readTabProduct()).resolves.toEqual({
      url: 'https://www.amazon.com/s?k=bottle',
      product: null,
      details: { availability: 'unknown' },
    });
    expect(api.calls).toEqual([]);
  });
});
