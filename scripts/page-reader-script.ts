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
