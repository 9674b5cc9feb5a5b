import type { BrowserContext } from 'playwright-core';
import { STOREFRONT_HOST_PATTERNS } from '../../src/shared/storefront-hosts.ts';

/**
 * Serves every storefront (https) from the sandbox's demo pages, so a tab really is
 * at https://www.amazon.com/dp/... while the page comes from the sandbox.
 */
export async function routeStorefronts(context: BrowserContext, sandboxUrl: string): Promise<void> {
  for (const pattern of STOREFRONT_HOST_PATTERNS) {
    const host = pattern.replace('https://*.', '').replace('/*', '');
    await context.route(
      new RegExp(`^https://([a-z0-9-]+\\.)*${host.replace(/\./g, '\\.')}/`),
      async (route) => {
        const response = await fetch(
          `${sandboxUrl}/demo/page?url=${encodeURIComponent(route.request().url())}`,
        );
        await route.fulfill({
          status: response.status,
          contentType: 'text/html; charset=utf-8',
          body: await response.text(),
        });
      },
    );
  }
}
