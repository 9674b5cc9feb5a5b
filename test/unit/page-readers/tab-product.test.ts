// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The popup's view of the tab, read by the background (page.read), with an extension
// API that does what browsers do with scripting.executeScript: `files` runs the built
// reader script as a classic script, `func` runs the function's source text, not the
// function, with the arguments as JSON. Neither sees anything of the worker's modules.
const api = vi.hoisted(() => ({
  tab: { id: 7, url: '' } as { id?: number; url?: string },
  calls: [] as { injected: string; args?: unknown[] }[],
  scripts: {} as Record<string, string>,
  refuse: false,
  queries: 0,
}));

vi.mock('../../../src/shared/browser.ts', () => ({
  browser: {
    tabs: {
      query: async () => {
        api.queries += 1;
        return [api.tab];
      },
      get: async () => api.tab,
    },
    scripting: {
      executeScript: async (options: { files?: string[]; func?: () => unknown; args?: [] }) => {
        if (api.refuse) throw new Error('Cannot access contents of the page.');
        const { files = [], func, args = [] } = options;
        for (const file of files) {
          api.calls.push({ injected: file });
          new Function(api.scripts[file] ?? 'throw new Error("no such file")')();
        }
        if (!func) return [{ frameId: 0, result: undefined }];
        api.calls.push({ injected: func.name, args });
        const inPage = new Function(`return (${func.toString()})`)();
        return [{ frameId: 0, result: inPage(...JSON.parse(JSON.stringify(args))) }];
      },
    },
  },
}));

import { readPageInTab } from '../../../src/background/placing/page-read.ts';
import { productOf, readTabProduct as readWith } from '../../../src/popup/tab-product.ts';
import type { Connector } from '../../../src/ui/connector.ts';

/** The popup's connector, as far as reading the page goes: the background's handler. */
const connector = {
  call: (type: string, payload: { tabId: number }) =>
    type === 'page.read' ? readPageInTab(payload.tabId) : Promise.reject(new Error(type)),
  subscribe: () => () => undefined,
} as unknown as Connector;
const readTabProduct = () => readWith(connector);

import { buildPageReaderScript } from '../../../scripts/classic-scripts.ts';
import { pageContextOf } from '../../../src/page-readers/page-context.ts';
import { readPage } from '../../../src/page-readers/registry.ts';
import { PAGE_READER_SCRIPT, type PageReaderGlobal } from '../../../src/page-readers/types.ts';
import { FIXTURE_PAGES, fixtureHtml } from '../../fixtures/pages/readings.ts';

beforeAll(async () => {
  api.scripts[PAGE_READER_SCRIPT] = await buildPageReaderScript('chrome116');
}, 60_000);

function open(url: string, html: string): void {
  api.tab = { id: 7, url };
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
}

beforeEach(() => {
  api.calls = [];
  api.refuse = false;
  delete (globalThis as PageReaderGlobal).__buylineReadPage;
});

describe('the product in the active tab', () => {
  it('builds the reader script as a classic script that imports nothing', () => {
    const script = api.scripts[PAGE_READER_SCRIPT] ?? '';
    expect(script).not.toMatch(/\bimport\s*[({"'\w]|\bexport\s*[{\w]|require\(/);
    expect(script).not.toContain('__vite');
  });

  // The popup reads the pages of the storefronts it orders from; a fixture of a shop of
  // no storefront (generic/) is read by the readers directly, in fixtures.test.ts.
  it.each(FIXTURE_PAGES.filter((page) => pageContextOf(page.url) !== undefined))(
    'reads $file in the page with the built script, as the readers read it directly',
    async ({ file, url, expected }) => {
      open(url, fixtureHtml(file));
      const tab = await readTabProduct();
      expect(tab).toMatchObject({ url, details: expected });
      expect(tab.details).toEqual(readPage(document, url));
    },
  );

  it('injects the reader script, then the read with the page’s context as plain data', async () => {
    const page = FIXTURE_PAGES.find((entry) => entry.file === 'walmart/walmart-next-data.html');
    if (!page) throw new Error('fixture missing');
    open(page.url, fixtureHtml(page.file));
    const tab = await readTabProduct();
    expect(tab.product).toEqual({ retailer: 'walmart', productId: '619448939' });
    expect(tab.details).toEqual(page.expected);
    expect(api.calls).toEqual([
      { injected: PAGE_READER_SCRIPT },
      {
        injected: 'readInPage',
        args: [{ retailer: 'walmart', family: 'walmart', currency: 'USD', productId: '619448939' }],
      },
    ]);
  });

  it('reads the tab the popup opened on without asking again which tab is in front', async () => {
    const page = FIXTURE_PAGES.find((entry) => entry.file === 'walmart/walmart-next-data.html');
    if (!page) throw new Error('fixture missing');
    open(page.url, fixtureHtml(page.file));
    const opened = productOf({ id: 7, url: page.url } as Parameters<typeof productOf>[0]);
    api.queries = 0;
    const tab = await readWith(connector, opened);
    expect(tab).toMatchObject({ url: page.url, details: page.expected });
    expect(api.queries).toBe(0);
    // Without the tab it opened on, the popup asks for it.
    await readWith(connector, { product: opened.product });
    expect(api.queries).toBe(1);
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
