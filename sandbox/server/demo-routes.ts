import { Hono } from 'hono';
import { escapeHtml } from '../retailer/html.ts';
import { loadCatalog, productPageUrl, renderProductPage } from '../retailer/index.ts';
import type { Env } from './v1-routes.ts';

/**
 * Product pages of the catalog, as the storefronts would serve them. `npm start` and
 * the end-to-end tests route the real storefront addresses here.
 */
export function demoRoutes(): Hono<Env> {
  const app = new Hono<Env>({ strict: false });
  const catalog = loadCatalog();
  const byUrl = new Map(
    catalog.products.map((product) => [
      productPageUrl(product.retailer, product.product_id),
      product,
    ]),
  );

  app.get('/', (c) => {
    const rows = catalog.products
      .map((product) => {
        const url = productPageUrl(product.retailer, product.product_id);
        // The page's shape, so that a test or a person can pick the page to look at.
        const unavailable = product.offers.some((offer) => offer.stock > 0) ? '' : ' · unavailable';
        return `<li><a href="${escapeHtml(url)}">${escapeHtml(product.title)}</a> <small>${product.retailer} · ${product.product_id} · ${product.page}${unavailable}</small></li>`;
      })
      .join('\n');
    return c.html(
      `<!doctype html><meta charset="utf-8"><title>Buyline sandbox products</title><h1>Sandbox products</h1><ul>${rows}</ul>`,
    );
  });

  app.get('/catalog.json', (c) =>
    c.json({
      ...catalog,
      products: catalog.products.map((product) => ({
        ...product,
        url: productPageUrl(product.retailer, product.product_id),
      })),
    }),
  );

  app.get('/page', (c) => {
    const wanted = c.req.query('url') ?? '';
    let product = byUrl.get(wanted);
    if (!product) {
      // Any address of the storefront that names a catalog product id finds it, so
      // routed pages keep working with tracking parameters and other URL shapes.
      try {
        const url = new URL(wanted);
        product = catalog.products.find(
          (candidate) =>
            url.pathname.toUpperCase().includes(candidate.product_id.toUpperCase()) &&
            productPageUrl(candidate.retailer, candidate.product_id).startsWith(url.origin),
        );
      } catch {
        product = undefined;
      }
    }
    const html = product ? renderProductPage(product.retailer, product.product_id) : undefined;
    return html
      ? c.html(html)
      : c.html(
          '<!doctype html><title>Not found</title><h1>No sandbox product at this address</h1>',
          404,
        );
  });

  return app;
}
