import { SANDBOX_URL } from '../../src/shared/settings.ts';
import { launchFirefox } from '../firefox/launch-firefox.ts';
import { routeStorefronts } from '../firefox/route-storefronts.ts';
import { GECKO_ID } from '../manifest-for.ts';
import { firstDemoProduct } from './demo-product.ts';
import type { OpenedBrowser } from './opened-browser.ts';

/** Firefox's name for an extension's toolbar widget, from its id. */
const WIDGET_ID = `${GECKO_ID.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-browser-action`;

/**
 * Firefox ESR with Buyline from `dist` installed as a temporary add-on (gone when
 * Firefox closes), set to the sandbox, its button on the toolbar, on a demo product.
 */
export async function openFirefox(dist: string, sandboxUrl: string): Promise<OpenedBrowser> {
  const ff = await launchFirefox({
    dist,
    // Only the script's own tests ask for a headless run; people get a window.
    headless: process.env.BUYLINE_START_HEADLESS === '1',
    // Ctrl-C is this script's to handle: it closes the browser, then the sandbox.
    handleSignals: false,
  });
  try {
    // Firefox puts a new extension's button in the extensions menu; pin it in sight.
    await ff.inChrome(
      `({ widgetId }) => {
        CustomizableUI.addWidgetToArea(widgetId, CustomizableUI.AREA_NAVBAR);
        return 'null';
      }`,
      { widgetId: WIDGET_ID },
    );
    if (sandboxUrl !== SANDBOX_URL) {
      // The sandbox is not at Buyline's default address; set it as the options page would.
      const page = await ff.openExtensionPage('src/options/index.html');
      await page.evaluate(
        (serviceUrl) =>
          chrome.runtime.sendMessage({
            buyline: 1,
            type: 'settings.update',
            payload: { patch: { serviceUrl } },
          }),
        sandboxUrl,
      );
      await page.close();
    }
    // Every tab, the first and any the person opens, shows storefronts from the sandbox.
    ff.browser.on('targetcreated', (target) => {
      void target
        .page()
        .then((page) => page && routeStorefronts(page, sandboxUrl))
        .catch(() => undefined);
    });
    const product = await firstDemoProduct(sandboxUrl);
    const tab = (await ff.browser.pages())[0] ?? (await ff.browser.newPage());
    await routeStorefronts(tab, sandboxUrl);
    await tab.goto(product.url);
    await tab.bringToFront();
    console.info(`Firefox is open on ${product.url} ("${await tab.title()}").`);
    console.info('Click the Buyline button in the toolbar (or press Alt+Shift+B) to order it.');
    console.info('Close the window or press Ctrl-C to stop.');
  } catch (error) {
    await ff.close().catch(() => undefined);
    throw error;
  }
  return {
    close: () => ff.close(),
    onClose: (listener) => ff.browser.on('disconnected', listener),
  };
}
