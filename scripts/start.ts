/**
 * `npm start` (Chromium) or `npm start -- --browser firefox`: builds the extension,
 * starts the sandbox, and opens the browser with Buyline loaded and set to the
 * sandbox, on a demo product page served at its real storefront address. Without a
 * display it says so, prints how to load the extension by hand, and keeps the sandbox
 * running until Ctrl-C.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type RunningSandbox, startSandbox } from '../sandbox/index.ts';
import { outDirFor, type TargetBrowser } from './manifest-for.ts';
import { printManualSteps } from './start/manual-steps.ts';
import { openChromium } from './start/open-chromium.ts';
import { openFirefox } from './start/open-firefox.ts';
import type { OpenedBrowser } from './start/opened-browser.ts';

const PORT = 8787;
const NAMES: Record<TargetBrowser, string> = { chrome: 'Chromium', firefox: 'Firefox' };

function chosenBrowser(): TargetBrowser {
  const { values } = parseArgs({ options: { browser: { type: 'string', default: 'chrome' } } });
  const browser = values.browser === 'chromium' ? 'chrome' : values.browser;
  if (browser === 'chrome' || browser === 'firefox') return browser;
  console.error(`--browser is "${values.browser}": use --browser chrome or --browser firefox.`);
  process.exit(2);
}

function build(browser: TargetBrowser, dist: string): void {
  // The script's own tests build once for every test and skip this step.
  if (process.env.BUYLINE_SKIP_BUILD === '1') return;
  console.info(`Building the extension for ${NAMES[browser]} into ${dist} …`);
  const result = spawnSync('npx', ['vite', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, BUYLINE_BROWSER: browser },
  });
  if (result.status !== 0) {
    console.error('The build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

async function sandbox(): Promise<RunningSandbox> {
  const log = (line: string) => console.info(`[sandbox] ${line}`);
  try {
    return await startSandbox({ port: PORT, control: true, log });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.warn(`Port ${PORT} is taken; starting the sandbox on a free port instead.`);
    return startSandbox({ port: 0, control: true, log });
  }
}

function hasDisplay(): boolean {
  return (
    process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
  );
}

const browser = chosenBrowser();
const dist = resolve(outDirFor(browser));
build(browser, dist);
const running = await sandbox();
console.info(`Sandbox listening on ${running.url}`);
let opened: OpenedBrowser | undefined;
let profile: string | undefined;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await opened?.close().catch(() => undefined);
  if (profile) await rm(profile, { recursive: true, force: true });
  await running.close();
  console.info('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

if (!hasDisplay()) {
  console.info(`No display was found, so ${NAMES[browser]} is not opened.`);
  printManualSteps(browser, dist, running.url);
} else {
  try {
    if (browser === 'firefox') {
      opened = await openFirefox(dist, running.url);
    } else {
      profile = await mkdtemp(join(tmpdir(), 'buyline-start-'));
      opened = await openChromium(dist, running.url, profile);
    }
    opened.onClose(() => void stop());
  } catch (error) {
    // The sandbox is still useful without the browser: say why and how to go on.
    console.error(error instanceof Error ? error.message : error);
    printManualSteps(browser, dist, running.url);
  }
}
