/**
 * Firefox with a Buyline build installed, driven by puppeteer-core over WebDriver
 * BiDi (there is no geckodriver here). The recipe and its traps are written up in
 * shared/notes/firefox.md; each step below names the trap it avoids.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { GECKO_ID } from '../manifest-for.ts';
import { findFirefox } from './find-firefox.ts';

export interface FirefoxOptions {
  /** The Firefox build of the extension: 'dist-firefox' or a path. */
  dist: string;
  /** Default true; `npm start` opens a window. */
  headless?: boolean;
  /** Preferences on top of the ones every run needs. */
  prefs?: Record<string, unknown>;
  /** Default true: Ctrl-C closes Firefox. `npm start` closes it itself, then the sandbox. */
  handleSignals?: boolean;
}

export interface FirefoxWithBuyline {
  browser: Browser;
  /** The extension's host in moz-extension:// addresses, fixed by a pref before launch. */
  uuid: string;
  extensionUrl(path: string): string;
  /** One raw WebDriver BiDi command; its result. */
  bidi(method: string, params: object): Promise<unknown>;
  /** Loads an extension page in a tab (a new one unless given) and waits until it is complete. */
  openExtensionPage(path: string, page?: Page): Promise<Page>;
  /**
   * Runs `fn` in the browser window with system privileges (CustomizableUI,
   * WebExtensionPolicy, …). It gets `arg` and its result comes back through JSON.
   */
  inChrome<T>(fn: string, arg?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** What script.callFunction answers, as far as inChrome reads it. */
type CallResult =
  | { type: 'exception'; exceptionDetails: { text: string } }
  | { type: 'success'; result: { type: string; value?: string } };

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

/** Launches Firefox ESR with a fresh profile and installs the build as a temporary add-on. */
export async function launchFirefox(options: FirefoxOptions): Promise<FirefoxWithBuyline> {
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: options.headless ?? true,
    handleSIGINT: options.handleSignals ?? true,
    handleSIGTERM: options.handleSignals ?? true,
    handleSIGHUP: options.handleSignals ?? true,
    // Without system access Firefox refuses to navigate a tab to moz-extension://.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      // The extension's address is random per profile unless set before it installs.
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }),
      ...options.prefs,
    },
  });
  try {
    const connection = (browser as unknown as { connection: BidiConnection }).connection;
    const bidi = async (method: string, params: object) =>
      (await connection.send(method, params)).result;
    const installed = await browser.installExtension(resolve(options.dist));
    if (installed !== GECKO_ID)
      throw new Error(`Firefox installed the build as ${installed}, not as ${GECKO_ID}.`);
    const extensionUrl = (path: string) => `moz-extension://${uuid}/${path.replace(/^\//, '')}`;

    // The browser window itself, where privileged code can run.
    const tree = (await bidi('browsingContext.getTree', { 'moz:scope': 'chrome' })) as {
      contexts: { context: string }[];
    };
    const chromeContext = tree.contexts[0]?.context;
    if (!chromeContext) throw new Error('Firefox showed no browser window to WebDriver BiDi.');

    return {
      browser,
      uuid,
      extensionUrl,
      bidi,
      async openExtensionPage(path, page) {
        const tab = page ?? (await browser.newPage());
        // page.goto never resolves for extension documents: Firefox reports neither
        // load nor DOMContentLoaded for them. The raw command does answer.
        const context = (tab.mainFrame() as unknown as { _id: string })._id;
        await bidi('browsingContext.navigate', {
          context,
          url: extensionUrl(path),
          wait: 'complete',
        });
        return tab;
      },
      async inChrome<T>(fn: string, arg: unknown = null): Promise<T> {
        const result = (await bidi('script.callFunction', {
          functionDeclaration: `(a) => (${fn})(JSON.parse(a))`,
          target: { context: chromeContext },
          awaitPromise: true,
          arguments: [{ type: 'string', value: JSON.stringify(arg) }],
        })) as CallResult;
        if (result.type === 'exception')
          throw new Error(`In the browser window: ${result.exceptionDetails.text}`);
        const value = result.result;
        return (value.type === 'string' ? JSON.parse(value.value ?? 'null') : undefined) as T;
      },
      close: () => browser.close(),
    };
  } catch (error) {
    // A launch that fails half way must not leave a browser behind.
    await browser.close().catch(() => undefined);
    throw error;
  }
}
