import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedConfig, ViteDevServer } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classicScriptsInDev } from '../../../scripts/classic-scripts.ts';
import { PAGE_READER_SCRIPT } from '../../../src/page-readers/types.ts';

// `npm run dev` writes the extension through the dev server, which runs no bundle hooks:
// the page reader script the worker injects must be written there too, and kept current.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function devServer() {
  const root = mkdtempSync(join(tmpdir(), 'buyline-dev-'));
  dirs.push(root);
  const plugin = classicScriptsInDev('chrome116');
  (plugin.configResolved as (config: ResolvedConfig) => void)({
    root,
    build: { outDir: 'dist' },
  } as ResolvedConfig);
  const httpServer = new EventEmitter();
  const watcher = new EventEmitter();
  const error = vi.fn();
  (plugin.configureServer as (server: ViteDevServer) => void)({
    httpServer,
    watcher,
    config: { logger: { error } },
  } as unknown as ViteDevServer);
  return { script: join(root, 'dist', PAGE_READER_SCRIPT), httpServer, watcher, error };
}

describe('the page reader script in `npm run dev`', () => {
  it('is written once the server listens, and again when a reader changes', async () => {
    const { script, httpServer, watcher, error } = devServer();
    expect(existsSync(script)).toBe(false);
    httpServer.emit('listening');
    await vi.waitFor(() => expect(existsSync(script)).toBe(true), { timeout: 20_000 });
    // A classic script that defines the readers' entry, not a module.
    const text = readFileSync(script, 'utf8');
    expect(text).not.toMatch(/^\s*(import|export)\s/m);
    expect(text.length).toBeGreaterThan(1_000);

    rmSync(script);
    watcher.emit('change', '/elsewhere/src/popup/app.tsx');
    watcher.emit('change', '/work/src/page-readers/amazon.ts');
    await vi.waitFor(() => expect(existsSync(script)).toBe(true), { timeout: 20_000 });
    expect(error).not.toHaveBeenCalled();
  }, 60_000);
});
