import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findFirefox } from '../../scripts/firefox/find-firefox.ts';
import { findChromium } from './harness/index.ts';

// `npm start` as a person runs it, minus the build (npm test has built dist/ and
// dist-firefox/ already) and, where a window would open, with the browser headless.

interface Started {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
}

let started: Started | undefined;

function start(env: NodeJS.ProcessEnv, args: string[] = []): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...args], {
    env: { ...env, BUYLINE_SKIP_BUILD: '1' },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  started = { child, output: () => out };
  return started;
}

async function until(run: Started, text: string): Promise<string> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (run.output().includes(text)) return run.output();
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`npm start never printed "${text}". It printed:\n${run.output()}`);
}

/** Ctrl-C, and the exit code once the script has stopped. */
async function interrupt(run: Started): Promise<number | null> {
  if (run.child.exitCode !== null) return run.child.exitCode;
  const exited = new Promise<number | null>((resolve) => run.child.once('exit', resolve));
  run.child.kill('SIGINT');
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 15_000);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

afterEach(async () => {
  if (started) await interrupt(started);
  started = undefined;
});

function withoutDisplay(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  return env;
}

/** Holds port 8787 for the test, unless someone already does. */
async function block8787(): Promise<Server> {
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => {
    blocker.once('error', () => resolve());
    blocker.listen(8787, '127.0.0.1', () => resolve());
  });
  return blocker;
}

async function firstAmazonProduct(url: string): Promise<{ url: string; title: string }> {
  const catalog = (await (await fetch(`${url}/demo/catalog.json`)).json()) as {
    products: { retailer: string; url: string; title: string }[];
  };
  const product = catalog.products.find((entry) => entry.retailer === 'amazon');
  if (!product) throw new Error('The sandbox catalog has no amazon product.');
  return product;
}

/** The title of the sandbox's page for a storefront address, as a routed tab shows it. */
async function demoTitle(url: string, productUrl: string): Promise<string | undefined> {
  const page = await (await fetch(`${url}/demo/page?url=${encodeURIComponent(productUrl)}`)).text();
  const title = /<title>(.*?)<\/title>/s.exec(page)?.[1];
  // The tab's title is the text, with the markup's character references decoded.
  return title?.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

const sandboxUrl = (out: string) => {
  const url = /Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  if (!url) throw new Error(`No sandbox address in:\n${out}`);
  return url;
};

describe('npm start', () => {
  it('without a display, says how to load dist/, keeps the sandbox answering, and stops on Ctrl-C', async () => {
    const run = start(withoutDisplay());
    const out = await until(run, 'Press Ctrl-C');
    expect(out).toContain('No display was found, so Chromium is not opened.');
    expect(out).toContain('Load unpacked');
    expect(out).toMatch(/pick \/.*\/dist\n/);
    const url = sandboxUrl(out);
    const demo = await fetch(`${url}/demo/`);
    expect(demo.status).toBe(200);
    expect(await demo.text()).toContain('Sandbox products');
    expect((await fetch(`${url}/v1/orders`)).status).toBe(401);

    expect(await interrupt(run)).toBe(0);
    await expect(fetch(`${url}/demo/`)).rejects.toThrow();
  }, 40_000);

  it('with a display, opens Chromium on a demo product at its storefront address, on a free port when 8787 is taken', async () => {
    findChromium();
    // Whoever holds 8787 (this test, or a sandbox a developer left running), the
    // script must fall back to a free port and point the extension there.
    const blocker = await block8787();
    try {
      const run = start({ ...process.env, DISPLAY: ':99', BUYLINE_START_HEADLESS: '1' });
      const out = await until(run, 'Close the window or press Ctrl-C');
      expect(out).toContain('Port 8787 is taken');
      const url = sandboxUrl(out);
      expect(url).not.toBe('http://127.0.0.1:8787');
      const product = await firstAmazonProduct(url);
      expect(product.url).toMatch(/^https:\/\/www\.amazon\.com\//);
      const opened = /Chromium is open on (\S+) \("(.*)"\)/.exec(out);
      expect(opened?.[1]).toBe(product.url);
      // The tab shows the sandbox's page for that address, so the storefront was routed.
      const title = await demoTitle(url, product.url);
      expect(title).toBeTruthy();
      expect(opened?.[2]).toBe(title);
      expect(await interrupt(run)).toBe(0);
      expect(run.output()).toContain('Stopped.');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);

  it('refuses a browser it does not know, with the choices', async () => {
    const run = start(withoutDisplay(), ['--browser', 'safari']);
    await until(run, 'use --browser chrome or --browser firefox');
    const code =
      run.child.exitCode ?? (await new Promise((resolve) => run.child.once('exit', resolve)));
    expect(code).toBe(2);
    expect(run.output()).not.toContain('Sandbox listening');
  }, 20_000);
});

describe('npm start -- --browser firefox', () => {
  it('without a display, says how to load dist-firefox/ as a temporary add-on, and stops on Ctrl-C', async () => {
    const run = start(withoutDisplay(), ['--browser', 'firefox']);
    const out = await until(run, 'Press Ctrl-C');
    expect(out).toContain('No display was found, so Firefox is not opened.');
    expect(out).toContain('about:debugging#/runtime/this-firefox');
    expect(out).toContain('Load Temporary Add-on');
    expect(out).toMatch(/pick \/.*\/dist-firefox\/manifest\.json\n/);
    expect(out).toMatch(/web-ext run --source-dir \/.*\/dist-firefox\)/);
    const url = sandboxUrl(out);
    expect((await fetch(`${url}/demo/`)).status).toBe(200);
    expect(await interrupt(run)).toBe(0);
    await expect(fetch(`${url}/demo/`)).rejects.toThrow();
  }, 40_000);

  it('with a display, opens Firefox with Buyline on a demo product at its storefront address', async () => {
    findFirefox();
    const blocker = await block8787();
    try {
      const run = start({ ...process.env, DISPLAY: ':99', BUYLINE_START_HEADLESS: '1' }, [
        '--browser',
        'firefox',
      ]);
      const out = await until(run, 'Close the window or press Ctrl-C');
      const url = sandboxUrl(out);
      const product = await firstAmazonProduct(url);
      const opened = /Firefox is open on (\S+) \("(.*)"\)/.exec(out);
      expect(opened?.[1]).toBe(product.url);
      const title = await demoTitle(url, product.url);
      expect(title).toBeTruthy();
      expect(opened?.[2]).toBe(title);
      expect(await interrupt(run)).toBe(0);
      expect(run.output()).toContain('Stopped.');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);
});
