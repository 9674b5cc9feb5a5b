import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog, productPageUrl, renderProductPage } from '../../../sandbox/retailer/index.ts';
import { type Api, basic, openApi, ownOrder } from './helpers.ts';

let api: Api;
afterEach(() => api?.close());

describe('the log', () => {
  it('shows request ids and codes, never card numbers, security codes, passwords or webhook secrets', async () => {
    const lines: string[] = [];
    api = await openApi({ log: (line) => lines.push(line) });
    const secrets = {
      number: '4242424242424242',
      security_code: '8642',
      password: 'hunter2-very-secret',
      email: 'secret.person@example.com',
      hook: 'hook-secret-token',
    };
    const order = (overrides: Record<string, unknown> = {}) =>
      ownOrder({
        payment_method: {
          name_on_card: 'Jane Doe',
          number: secrets.number,
          security_code: secrets.security_code,
          expiration_month: 12,
          expiration_year: 2099,
        },
        retailer_credentials: { email: secrets.email, password: secrets.password },
        // Nothing listens there: the failed deliveries are logged too.
        webhooks: { status_updated: `http://127.0.0.1:9/hooks?key=${secrets.hook}` },
        ...overrides,
      });
    const placed = await api.create(order());
    const failed = await api.create(
      order({ products: [{ product_id: 'B0OOSTOCK1', quantity: 1 }] }),
    );
    await api.settled(placed);
    await api.settled(failed);
    const refused = await api.post('/v1/orders', order({ max_price: 'lots' }));
    expect(refused.status).toBe(400);
    const malformed = await fetch(`${api.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: basic('sandbox'), 'content-type': 'application/json' },
      body: `{"payment_method": {"number": "${secrets.number}"`,
    });
    expect(malformed.status).toBe(400);
    // The deliveries to the closed port fail as real I/O does: wait for that event.
    await vi.waitFor(
      () =>
        expect(lines.some((line) => line.startsWith('webhook to http://127.0.0.1:9 '))).toBe(true),
      { timeout: 5_000 },
    );

    expect(lines).toContain(`order ${placed} placed`);
    expect(lines).toContain(`order ${failed} failed: product_unavailable`);
    const log = lines.join('\n');
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });
});

describe('the demo pages', () => {
  it('lists every catalog product with a link, serves each page by its storefront URL, and the catalog', async () => {
    api = await openApi({ control: false });
    const catalog = loadCatalog();
    const index = await fetch(`${api.url}/demo/`);
    expect(index.status).toBe(200);
    const html = await index.text();
    for (const product of catalog.products) {
      expect(html).toContain(`href="${productPageUrl(product.retailer, product.product_id)}"`);
    }

    const product = catalog.products[0];
    if (!product) throw new Error('the catalog is empty');
    const url = productPageUrl(product.retailer, product.product_id);
    const page = await fetch(`${api.url}/demo/page?url=${encodeURIComponent(url)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(renderProductPage(product.retailer, product.product_id));

    const missing = await fetch(
      `${api.url}/demo/page?url=${encodeURIComponent('https://www.amazon.com/x/dp/B0NOTHERE0')}`,
    );
    expect(missing.status).toBe(404);

    const served = (await (await fetch(`${api.url}/demo/catalog.json`)).json()) as {
      products: { product_id: string; url: string }[];
    };
    expect(served.products.map((entry) => entry.product_id)).toEqual(
      catalog.products.map((entry) => entry.product_id),
    );
    expect(served.products[0]?.url).toBe(url);
  });
});
