import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { serviceWorker } from './service-worker.ts';

export interface PopupOpener {
  /** Opens the page set as the action's popup over the focused tab, as a CDP page. */
  open(popupUrl: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * `chrome.action.openPopup()` from inside the worker opens the real popup over the
 * focused tab, in headless mode too. Playwright does not count it as a page of the
 * persistent context, so it is picked up through a CDP connection to the same browser.
 */
export function popupOpener(options: {
  context: BrowserContext;
  extensionId: string;
  cdpUrl: string;
  browser: Browser;
}): PopupOpener {
  const { context, extensionId, cdpUrl, browser } = options;
  const connections: Browser[] = [];

  const popupTargets = async (popupUrl: string) => {
    const session = await browser.newBrowserCDPSession();
    try {
      const { targetInfos } = (await session.send('Target.getTargets')) as {
        targetInfos: { targetId: string; url: string }[];
      };
      return targetInfos
        .filter((info) => info.url.startsWith(popupUrl))
        .map((info) => info.targetId);
    } finally {
      await session.detach().catch(() => undefined);
    }
  };

  // A worker that is just starting may not answer yet, and openPopup() is refused while
  // no window has focus; so each attempt has a deadline and the next one starts afresh.
  const openFromWorker = async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const worker = await serviceWorker(browser, context, extensionId);
      const opened = await Promise.race([
        worker.evaluate(() => chrome.action.openPopup()).then(() => true),
        new Promise<boolean>((done) => setTimeout(() => done(false), 3_000)),
      ]).catch(() => false);
      if (opened) return;
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error('The service worker did not open the popup after three attempts.');
  };

  /** The page of a popup target, through a fresh CDP connection that then belongs to it. */
  const pageOf = async (targetId: string, popupUrl: string): Promise<Page | undefined> => {
    const connection = await chromium.connectOverCDP(cdpUrl);
    for (const page of connection.contexts().flatMap((ctx) => ctx.pages())) {
      if (!page.url().startsWith(popupUrl)) continue;
      const session = await page.context().newCDPSession(page);
      const { targetInfo } = (await session.send('Target.getTargetInfo')) as {
        targetInfo: { targetId: string };
      };
      await session.detach();
      if (targetInfo.targetId !== targetId) continue;
      connections.push(connection);
      page.once('close', () => void connection.close().catch(() => undefined));
      return page;
    }
    await connection.close();
    return undefined;
  };

  return {
    async open(popupUrl) {
      // Every CDP connection holds new targets until it lets them run; a connection
      // left from an earlier popup can stall the next one, so only one is kept.
      for (const connection of connections.splice(0))
        await connection.close().catch(() => undefined);
      const before = new Set(await popupTargets(popupUrl));
      await openFromWorker();
      // Playwright attaches to the pages that exist when it connects, so the connection
      // is made once the popup is open; a popup still closing from before is told apart
      // by its target id.
      for (let waited = 0; waited < 10_000; waited += 200) {
        const fresh = (await popupTargets(popupUrl)).find((id) => !before.has(id));
        const page = fresh && (await pageOf(fresh, popupUrl));
        if (page) {
          await page.waitForLoadState('domcontentloaded', { timeout: 10_000 });
          return page;
        }
        await new Promise((done) => setTimeout(done, 200));
      }
      throw new Error('The popup did not open within 10 s.');
    },
    async close() {
      for (const connection of connections.splice(0))
        await connection.close().catch(() => undefined);
    },
  };
}
