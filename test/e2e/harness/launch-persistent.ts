import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { findChromium } from '../../../sandbox/browser/chromium.ts';
import { watchExtensionProblems } from './extension-problems.ts';
import { freePort } from './free-port.ts';
import { chromiumArgs, extensionHandle, type LaunchedExtension } from './launch-extension.ts';
import { serviceWorker } from './service-worker.ts';

export interface PersistentLaunchOptions {
  /** The directory the unpacked build is loaded from; the same one at every launch. */
  dist: string;
  /** The browser profile, kept when the browser closes, for the next launch to open. */
  userDataDir: string;
}

/**
 * The id Chromium gives an unpacked extension: the first 32 hex digits of the SHA-256
 * of its directory's path, each written as a letter from a to p. The same directory
 * keeps the same id, which is how loading a new build there updates the one installed.
 */
function unpackedExtensionId(dist: string): string {
  const hex = createHash('sha256').update(resolve(dist)).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

/**
 * Launches Chromium as `launchExtension` does, but in a profile that outlives it: the
 * build is loaded unpacked from a fixed directory, and `close()` closes the browser and
 * keeps the profile (the caller removes it). Launched again on the same profile with
 * another build in that directory, Chromium treats it as an update of the one installed,
 * as "Load unpacked" again does, and as a store update does: it takes the new files only
 * when the manifest's version was raised.
 *
 * It resolves once the extension's worker runs: a worker that does not start (after an
 * update that Chromium refused to take) fails the launch, saying so.
 */
export async function launchPersistentExtension(
  options: PersistentLaunchOptions,
): Promise<LaunchedExtension> {
  const dist = resolve(options.dist);
  const extensionId = unpackedExtensionId(dist);
  const port = await freePort();
  const cdpUrl = `http://127.0.0.1:${port}`;
  let context: BrowserContext | undefined;
  let cdpBrowser: Browser | undefined;
  try {
    context = await chromium.launchPersistentContext(resolve(options.userDataDir), {
      executablePath: findChromium(),
      headless: true,
      args: chromiumArgs(dist, port),
    });
    const ctx = context;
    cdpBrowser = await chromium.connectOverCDP(cdpUrl);
    const cdp = cdpBrowser;
    const watch = await watchExtensionProblems(cdp, extensionId);
    // A worker Chromium did not start with the browser is started by a message, as a
    // page does; one that cannot start at all throws here.
    await serviceWorker(cdp, ctx, extensionId).catch((error: Error) => {
      throw new Error(
        `Buyline's background did not start in the profile at ${options.userDataDir}: ${error.message}`,
      );
    });
    // The profile stays when the browser closes, for the next launch to open.
    return extensionHandle(ctx, cdp, { extensionId, cdpUrl, watch });
  } catch (error) {
    // A launch that fails half way must not leave a browser behind; the profile stays.
    await cdpBrowser?.close().catch(() => undefined);
    await context?.close().catch(() => undefined);
    throw error;
  }
}
