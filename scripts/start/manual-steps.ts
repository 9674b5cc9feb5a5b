import { join } from 'node:path';
import { SANDBOX_URL } from '../../src/shared/settings.ts';
import type { TargetBrowser } from '../manifest-for.ts';

/** How to load the build by hand in each browser, with the sandbox already running. */
export function printManualSteps(browser: TargetBrowser, dist: string, url: string): void {
  const setAddress =
    url === SANDBOX_URL ? " (Buyline's default)" : "; set this address in Buyline's options";
  const load =
    browser === 'firefox'
      ? `  1. Open about:debugging#/runtime/this-firefox in Firefox 140 or later.
  2. Choose "Load Temporary Add-on…" and pick ${join(dist, 'manifest.json')}
     (it stays until Firefox closes; or run: npx web-ext run --source-dir ${dist})`
      : `  1. Open chrome://extensions in Chrome or Chromium and turn on Developer mode.
  2. Choose "Load unpacked" and pick ${dist}`;
  console.info(`
To try Buyline by hand:
${load}
  3. The sandbox listens on ${url} with the token "sandbox"${setAddress}.
  4. Demo product pages: ${url}/demo/
Press Ctrl-C to stop the sandbox.`);
}
