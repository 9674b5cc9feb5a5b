import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findChromium } from './harness/index.ts';

// `npm start` as a person runs it, minus the build (npm test has built dist/ already)
// and, where a window would open, with Chromium headless.

interface Started {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
}

let started: Started | undefined;

function start(env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
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

const sandboxUrl = (out: string) => {
  const url = /Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  if (!url) throw new Error(`No sandbox address in:\n${out}`);
  return url;
};

describe('npm start', () => {
  it('without a display, says how to load dist/, keeps the sandbox answering, and stops on Ctrl-C', async () => {
    const env = { ...process.env };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const run = start(env);
    const out = await until(run, 'Press Ctrl-C');
    expect(out).toContain('No display was found');
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
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => {
      blocker.once('error', () => resolve());
      blocker.listen(8787, '127.0.0.1', () => resolve());
    });
    try {
      const run = start({ ...process.env, DISPLAY: ':99', BUYLINE_START_HEADLESS: '1' });
      const out = await until(run, 'Close the window or press Ctrl-C');
      expect(out).toContain('Port 8787 is taken');
      const url = sandboxUrl(out);
      expect(url).not.toBe('http://127.0.0.1:8787');
      const catalog = (await (await fetch(`${url}/demo/catalog.json`)).json()) as {
        products: { retailer: string; url: string; title: string }[];
      };
      const product = catalog.products.find((entry) => entry.retailer === 'amazon');
      if (!product) throw new Error('The sandbox catalog has no amazon product.');
      expect(product.url).toMatch(/^https:\/\/www\.amazon\.com\//);
      const opened = /Chromium is open on (\S+) \("(.*)"\)/.exec(out);
      expect(opened?.[1]).toBe(product.url);
      // The tab shows the sandbox's page for that address, so the storefront was routed.
      const page = await (
        await fetch(`${url}/demo/page?url=${encodeURIComponent(product.url)}`)
      ).text();
      const title = /<title>(.*?)<\/title>/s.exec(page)?.[1];
      expect(title).toBeTruthy();
      expect(opened?.[2]).toBe(title);
      expect(await interrupt(run)).toBe(0);
      expect(run.output()).toContain('Stopped.');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);
});
