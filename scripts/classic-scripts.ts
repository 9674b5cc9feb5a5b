import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build, type IndexHtmlTransformHook, type Plugin, type Rolldown } from 'vite';
import { PAGE_READER_SCRIPT } from '../src/page-readers/types.ts';
import { POPUP_READS_SCRIPT } from '../src/popup/start-reads.ts';

/** A script the extension runs as a classic one, built from a module and what it imports. */
interface ClassicScript {
  input: string;
  /** Its name at the root of the build. */
  fileName: string;
  /** Written in `npm run dev` too, and again when a file under this folder changes. */
  folder?: string;
  /** The page that loads it with `async`, first in its head (the tag is added here). */
  page?: string;
}

const CLASSIC_SCRIPTS: readonly ClassicScript[] = [
  // scripting.executeScript({ files }) runs a file as a script, not as a module.
  {
    input: 'src/page-readers/in-page.ts',
    fileName: PAGE_READER_SCRIPT,
    folder: '/src/page-readers/',
  },
  // The popup's page loads it with `async`, ahead of its modules (src/popup/start-reads.ts).
  // Not in `npm run dev`, whose pages the dev server serves: there the popup reads itself.
  {
    input: 'src/popup/early-reads.ts',
    fileName: POPUP_READS_SCRIPT,
    page: '/src/popup/index.html',
  },
];

/**
 * Builds a module and what it imports into one classic script, which may import nothing
 * and so carries its own copy of every helper.
 */
export async function buildClassicScript(input: string, target: string): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target,
      rollupOptions: { input, output: { format: 'iife' } },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const [chunk] = (Array.isArray(result) ? result[0] : result)?.output ?? [];
  if (chunk?.type !== 'chunk') throw new Error(`${input} was not built into a script`);
  return chunk.code;
}

/** Builds the page readers' script (src/page-readers/in-page.ts). */
export const buildPageReaderScript = (target: string): Promise<string> =>
  buildClassicScript('src/page-readers/in-page.ts', target);

/**
 * Puts a page's scripts in its head. A tag written in the page's HTML would make Vite warn
 * that it cannot bundle a classic script, which is the point of it.
 */
const tagsFor: IndexHtmlTransformHook = (_html, context) =>
  CLASSIC_SCRIPTS.filter(({ page }) => page === context.path).map(({ fileName }) => ({
    tag: 'script',
    attrs: { async: true, src: `/${fileName}` },
    injectTo: 'head-prepend' as const,
  }));

/** Adds the classic scripts to the extension's build, at its root. */
export function classicScripts(target: string): Plugin {
  return {
    name: 'buyline:classic-scripts',
    apply: 'build',
    transformIndexHtml: tagsFor,
    async generateBundle() {
      for (const { input, fileName } of CLASSIC_SCRIPTS)
        this.emitFile({ type: 'asset', fileName, source: await buildClassicScript(input, target) });
    },
  };
}

/**
 * The same for `npm run dev`, which writes the extension through the dev server and never
 * runs a bundle's hooks: each script with a folder is written into the output folder once
 * the server starts, and again whenever a file under its folder changes.
 */
export function classicScriptsInDev(target: string): Plugin {
  let outDir = '';
  return {
    name: 'buyline:classic-scripts-dev',
    apply: 'serve',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const write = async ({ input, fileName }: ClassicScript) => {
        await mkdir(outDir, { recursive: true });
        await writeFile(join(outDir, fileName), await buildClassicScript(input, target));
      };
      const rewrite = (script: ClassicScript) =>
        write(script).catch((error: unknown) =>
          server.config.logger.error(`${script.fileName} was not written: ${error}`),
        );
      const inDev = CLASSIC_SCRIPTS.filter((script) => script.folder !== undefined);
      server.httpServer?.once('listening', () => {
        for (const script of inDev) void rewrite(script);
      });
      server.watcher.on('change', (file) => {
        const path = file.replaceAll('\\', '/');
        for (const script of inDev) if (path.includes(script.folder ?? '')) void rewrite(script);
      });
    },
  };
}
