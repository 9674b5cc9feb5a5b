import type { HTTPRequest, Page } from 'puppeteer-core';
import { STOREFRONT_HOST_PATTERNS } from '../../src/shared/storefront-hosts.ts';

const STOREFRONT = new RegExp(
  `^https://([a-z0-9-]+\\.)*(${STOREFRONT_HOST_PATTERNS.map((pattern) =>
    pattern.replace('https://*.', '').replace('/*', '').replace(/\./g, '\\.'),
  ).join('|')})/`,
);

/**
 * Serves every storefront (https) in this tab from the sandbox's demo pages, so the tab
 * really is at https://www.amazon.com/dp/... while the page comes from the sandbox.
 * Every other request goes on untouched.
 */
export async function routeStorefronts(page: Page, sandboxUrl: string): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    if (request.isInterceptResolutionHandled()) return;
    if (!STOREFRONT.test(request.url())) return void request.continue();
    void fetch(`${sandboxUrl}/demo/page?url=${encodeURIComponent(request.url())}`)
      .then(async (response) =>
        request.respond({
          status: response.status,
          contentType: 'text/html; charset=utf-8',
          body: await response.text(),
        }),
      )
      .catch(() => request.abort());
  });
}
