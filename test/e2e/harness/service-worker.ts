import type { Browser, BrowserContext, Worker } from 'playwright-core';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/** The targets of the extension's running worker, as Chromium lists them. */
async function workerTargets(browser: Browser, extensionId: string): Promise<TargetInfo[]> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await session.send('Target.getTargets')) as {
      targetInfos: TargetInfo[];
    };
    return targetInfos.filter(
      (info) =>
        info.type === 'service_worker' && info.url.startsWith(`chrome-extension://${extensionId}/`),
    );
  } finally {
    await session.detach().catch(() => undefined);
  }
}

async function waitFor(what: string, done: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await done()); waited += 100) {
    if (waited >= 10_000) throw new Error(`${what} within 10 s.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts a stopped worker the way the product does: a message from an extension page.
 * The message only reads whether a token is set, so it changes nothing.
 */
async function wakeWorker(context: BrowserContext, extensionId: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`chrome-extension://${extensionId}/src/options/index.html`);
    await page.evaluate(() =>
      chrome.runtime
        .sendMessage({ buyline: 1, type: 'token.status', payload: {} })
        .catch(() => undefined),
    );
  } finally {
    await page.close();
  }
}

/**
 * The running worker, started by a message first when it is stopped. Playwright keeps
 * one handle per worker target and Chromium reuses the target when the worker starts
 * again, so the handle of a stopped worker would hang; Chromium's target list says
 * whether the worker really runs.
 */
export async function serviceWorker(
  browser: Browser,
  context: BrowserContext,
  extensionId: string,
): Promise<Worker> {
  const running = async () => (await workerTargets(browser, extensionId)).length > 0;
  if (!(await running())) {
    await wakeWorker(context, extensionId);
    await waitFor('The service worker did not start', running);
  }
  const ours = (worker: Worker) => new URL(worker.url()).host === extensionId;
  return (
    context.serviceWorkers().find(ours) ??
    context.waitForEvent('serviceworker', { predicate: ours, timeout: 15_000 })
  );
}

/**
 * Stops the worker as Chromium does when it is idle: its target is closed through the
 * browser's CDP session, and this returns once Chromium lists it no more. An event due
 * at that moment (the poll alarm of an order in flight, a storage change) starts the
 * worker again at once, as it would in the field; its new target is closed too, so a
 * stop always leaves the worker stopped.
 */
export async function stopServiceWorker(browser: Browser, extensionId: string): Promise<void> {
  const closeAll = async (targets: TargetInfo[]) => {
    const session = await browser.newBrowserCDPSession();
    try {
      for (const target of targets)
        await session
          .send('Target.closeTarget', { targetId: target.targetId })
          .catch(() => undefined);
    } finally {
      await session.detach().catch(() => undefined);
    }
  };
  const first = await workerTargets(browser, extensionId);
  if (first.length === 0) throw new Error('No service worker of the extension is running.');
  await closeAll(first);
  let checks = 0;
  await waitFor('The service worker was still running', async () => {
    const targets = await workerTargets(browser, extensionId);
    if (targets.length === 0) return true;
    // Started again by an event: closed again, once a second.
    if (++checks % 10 === 0) await closeAll(targets);
    return false;
  });
}
