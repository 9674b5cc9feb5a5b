import type { Page } from 'puppeteer-core';
import type { FirefoxWithBuyline } from '../../../scripts/firefox/launch-firefox.ts';
import { GECKO_ID } from '../../../scripts/manifest-for.ts';

/** Firefox names an extension's toolbar widget after its id, made safe for a CSS id. */
const WIDGET_ID = `${GECKO_ID.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-browser-action`;

/**
 * Clicks Buyline's toolbar button the way a person does, through Firefox's own click
 * path, so the tab in front is granted activeTab (action.openPopup grants nothing).
 * Waits until the real popup has loaded, then closes it: the popup panel is not a
 * WebDriver navigable, so a test drives the same page in a tab (see popupBehindTab).
 */
export async function clickToolbarButton(ff: FirefoxWithBuyline): Promise<void> {
  const opened = await ff.inChrome<{ url: string } | { problem: string }>(
    `async ({ widgetId, popupUrl }) => {
      const widget = CustomizableUI.getWidget(widgetId);
      if (!widget) return JSON.stringify({ problem: 'no toolbar widget ' + widgetId });
      // The button lives in the extensions panel until the user pins it.
      await gUnifiedExtensions.openPanel(null, 'extension_browser_action_popup');
      const button = widget.forWindow(window).node.querySelector('.unified-extensions-item-action-button');
      button.dispatchEvent(new CustomEvent('command', { bubbles: true }));
      for (let waited = 0; waited < 10000; waited += 50) {
        const panel = document.getElementById('customizationui-widget-panel');
        const view = document.getElementById('PanelUI-webext-' + widgetId.replace(/-browser-action$/, '') + '-BAV');
        const popup = view && view.querySelector('browser');
        if (panel && panel.state === 'open' && popup && popup.currentURI.spec === popupUrl && !popup.webProgress.isLoadingDocument) {
          panel.hidePopup();
          return JSON.stringify({ url: popup.currentURI.spec });
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return JSON.stringify({ problem: 'the popup did not open within 10 s' });
    }`,
    { widgetId: WIDGET_ID, popupUrl: ff.extensionUrl('src/popup/index.html') },
  );
  if ('problem' in opened) throw new Error(`Toolbar click: ${opened.problem}.`);
}

/**
 * The popup page, drivable: after the toolbar click on `storefront`, it loads in a new
 * tab that stays behind the storefront tab, so `tabs.query({ active: true })` still
 * answers the storefront (which holds activeTab), exactly as the real popup sees it.
 */
export async function popupBehindTab(ff: FirefoxWithBuyline, storefront: Page): Promise<Page> {
  await clickToolbarButton(ff);
  const popup = await ff.browser.newPage();
  await storefront.bringToFront();
  return ff.openExtensionPage('src/popup/index.html', popup);
}
