/**
 * What the popup journey tests share: a sandbox, the test build over storefront tabs,
 * and Buyline set up through its background (the service address, a saved home address,
 * the ordering mode), so each test then goes through the popup as a buyer does. The
 * options page has journeys of its own; these tests do not depend on its layout.
 */
import type { Page } from 'playwright-core';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { type LaunchedExtension, launchExtension, routeStorefronts } from './harness/index.ts';

export interface Journey {
  sandbox: RunningSandbox;
  extension: LaunchedExtension;
  /** Asks the background from an extension page, as the pages do. */
  ask<T = unknown>(type: string, payload?: unknown): Promise<T>;
  /** A storefront address in a tab of its own, and the real popup over it. */
  popupOn(url: string): Promise<Page>;
  /**
   * The popup's page in a tab of its own that reads the storefront tab (loaded once the
   * storefront is the active tab again), so its viewport can be set: Chromium sizes a
   * real popup to its content.
   */
  popupPageOn(url: string): Promise<Page>;
  /** Orders and cancellations the sandbox holds for Buyline's token. */
  atService(): Promise<{ orders: number; cancellations: number }>;
  close(): Promise<void>;
}

export const HOME = {
  first_name: 'Jane',
  last_name: 'Doe',
  address_line1: '1 Main St',
  city: 'Cambridge',
  state: 'MA',
  zip_code: '02139',
  country: 'US',
  phone_number: '6175550100',
};

export async function startJourney(
  settings: Record<string, unknown> = {},
  seed = 11,
): Promise<Journey> {
  const sandbox = await startSandbox({ port: 0, processingMs: 300, control: true, seed });
  const extension = await launchExtension({ dist: 'dist-test' });
  await routeStorefronts(extension.context, sandbox.url);
  let helper: Page | undefined;
  const ask = async <T>(type: string, payload: unknown = {}): Promise<T> => {
    helper ??= await extension.openExtensionPage('src/bulk/index.html');
    const reply = (await helper.evaluate(
      ([t, p]) => chrome.runtime.sendMessage({ buyline: 1, type: t, payload: p }),
      [type, payload] as const,
    )) as { ok: boolean; data: T; error?: unknown };
    if (!reply.ok) throw new Error(`${type} was refused: ${JSON.stringify(reply.error)}`);
    return reply.data;
  };
  await ask('settings.update', {
    patch: {
      serviceUrl: sandbox.url,
      addresses: [{ id: 'home', label: 'Home', address: HOME }],
      defaultAddressId: 'home',
      holdSeconds: 0,
      ...settings,
    },
  });
  return {
    sandbox,
    extension,
    ask,
    async popupOn(url) {
      const tab = await extension.context.newPage();
      await tab.goto(url);
      await tab.bringToFront();
      return extension.openPopupOnActiveTab();
    },
    async popupPageOn(url) {
      const tab = await extension.context.newPage();
      await tab.goto(url);
      const popup = await extension.context.newPage();
      await tab.bringToFront();
      await popup.goto(extension.extensionUrl('src/popup/index.html'));
      return popup;
    },
    async atService() {
      const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
        tokens: Record<string, { orders: number; cancellations: number }>;
      };
      return state.tokens.sandbox ?? { orders: 0, cancellations: 0 };
    },
    async close() {
      await extension.close();
      await sandbox.close();
    },
  };
}

/** Places the product of a storefront address from the popup, and waits until it is placed. */
export async function placeFrom(journey: Journey, url: string): Promise<void> {
  const popup = await journey.popupOn(url);
  const place = popup.getByRole('button', { name: 'Place order' });
  await place.waitFor({ timeout: 15_000 });
  await place.click();
  await popup
    .getByRole('status')
    .filter({ hasText: /^Placed/ })
    .waitFor({ timeout: 20_000 });
  await popup.close();
}
