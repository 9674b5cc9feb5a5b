import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedExtension, launchExtension } from './harness/index.ts';

// The shipped build loads in Debian's Chromium: the worker starts, the popup and the
// options page render, and nothing is refused by the extension's CSP (zod runs
// jitless, so there is no eval probe).

let extension: LaunchedExtension;

beforeAll(async () => {
  extension = await launchExtension({ dist: 'dist' });
}, 60_000);

afterAll(async () => {
  await extension?.close();
});

describe('the built extension in Chromium', () => {
  it('starts its service worker', async () => {
    const worker = await extension.serviceWorker();
    expect(worker.url()).toBe(
      `chrome-extension://${extension.extensionId}/service-worker-loader.js`,
    );
  });

  it('renders the popup and the options page without errors', async () => {
    const popup = await extension.openExtensionPage('src/popup/index.html');
    await expect.poll(() => popup.getByRole('heading').first().isVisible()).toBe(true);
    const options = await extension.openExtensionPage('src/options/index.html');
    await expect.poll(() => options.getByRole('heading').first().isVisible()).toBe(true);
    await popup.waitForTimeout(300);
    expect(
      extension.problems.filter((problem) =>
        /Content Security Policy|unsafe-eval|Uncaught/i.test(problem),
      ),
    ).toEqual([]);
  });

  it('answers its own pages through the background', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    const reply = (await page.evaluate(() =>
      chrome.runtime.sendMessage({ buyline: 1, type: 'settings.get', payload: {} }),
    )) as {
      ok: boolean;
      data: { serviceUrl: string };
    };
    expect(reply.ok).toBe(true);
    expect(reply.data.serviceUrl).toBe('http://127.0.0.1:8787');
    const token = (await page.evaluate(() =>
      chrome.runtime.sendMessage({ buyline: 1, type: 'token.status', payload: {} }),
    )) as {
      data: { set: boolean };
    };
    // Out of the box the extension holds the sandbox's token.
    expect(token.data.set).toBe(true);
  });
});
