import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { PAGE_READER_SCRIPT } from '../src/page-readers/types.ts';

/**
 * Builds the page readers (src/page-readers/in-page.ts and what it imports) into one
 * classic script: scripting.executeScript({ files }) runs a file as a script, not as a
 * module, so it may import nothing and carries its own copy of every helper.
 */
export async function buildPageReaderScript(target: string): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target,
      rollupOptions: {
        input: 'src/page-readers/in-page.ts',
        output: { format: 'iife' },
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const [chunk] = (Array.isArray(result) ? result[0] : result)?.output ?? [];
  if (chunk?.type !== 'chunk') throw new Error('The page reader script was not built');
  return chunk.code;
}

/** Adds the reader script to the extension's build, at its root. */
export function pageReaderScript(target: string): Plugin {
  return {
    name: 'buyline:page-reader-script',
    apply: 'build',
    async generateBundle() {
      const source = await buildPageReaderScript(target);
      this.emitFile({ type: 'asset', fileName: PAGE_READER_SCRIPT, source });
    },
  };
}

/**
 * The same for `npm run dev`, which writes the extension through the dev server and never
 * runs a bundle's hooks: the script is written into the output folder once the server
 * starts, and again whenever a reader changes.
 */
export function pageReaderScriptInDev(target: string): Plugin {
  let outDir = '';
  return {
    name: 'buyline:page-reader-script-dev',
    apply: 'serve',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const write = async () => {
        await mkdir(outDir, { recursive: true });
        await writeFile(join(outDir, PAGE_READER_SCRIPT), await buildPageReaderScript(target));
      };
      const rewrite = () =>
        write().catch((error: unknown) =>
          server.config.logger.error(`The page reader script was not written: ${error}`),
        );
      server.httpServer?.once('listening', () => void rewrite());
      server.watcher.on('change', (file) => {
        if (file.replaceAll('\\', '/').includes('/src/page-readers/')) void rewrite();
      });
    },
  };
}
