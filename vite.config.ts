import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { classicScripts, classicScriptsInDev } from './scripts/classic-scripts.ts';
import { classicWorker } from './scripts/classic-worker.ts';
import { inlineStyles } from './scripts/inline-styles.ts';
import { manifestFor, outDirFor, targetBrowser } from './scripts/manifest-for.ts';

// A test build (BUYLINE_TEST_BUILD=1) adds host access to the storefronts, because a
// popup opened by a test is not a user gesture and so never receives activeTab. The
// shipped build keeps activeTab alone; a test asserts that.
const testBuild = process.env.BUYLINE_TEST_BUILD === '1';
// BUYLINE_BROWSER=firefox (npm run build:firefox) builds the same sources for Firefox.
const browser = targetBrowser();
const target = browser === 'firefox' ? 'firefox140' : 'chrome116';

// The entry modules of the worker (crxjs names it from the manifest) and of the popup,
// and of the side panel, which is the popup's page in panel mode (src/panel/index.html).
const WORKER_ENTRY = /[\\/]src[\\/]background[\\/]index\.ts$/;
const POPUP_ENTRY = /[\\/]src[\\/]popup[\\/]index\.html$/;
const PANEL_ENTRY = /[\\/]src[\\/]panel[\\/]index\.html$/;

type ModuleGraph = {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
};

/**
 * The chunk of a module that several entries use, by the entries that reach it. The
 * worker and the pages run in separate contexts, so sharing code between them saves
 * nothing at run time; what matters is that each loads only what it runs. The worker
 * never loads a chunk with Preact or the UI kit in it (it parses every byte it loads
 * at every wake), and the popup, whose first paint waits for every chunk it loads,
 * loads two: what it shares with the worker and what it shares with the other pages.
 * A module of one entry stays in that entry's own chunk.
 */
function sharedChunk(id: string, graph: ModuleGraph): string | null {
  if (graph.getModuleInfo(id)?.isEntry) return null;
  const entries: string[] = [];
  const seen = new Set([id]);
  for (const module of seen) {
    const info = graph.getModuleInfo(module);
    if (info?.isEntry) entries.push(module);
    for (const importer of info?.importers ?? []) seen.add(importer);
  }
  if (entries.length < 2) return null;
  // The popup's own code, which the side panel runs too: one chunk, as the popup's was.
  if (entries.every((entry) => POPUP_ENTRY.test(entry) || PANEL_ENTRY.test(entry))) return 'popup';
  const worker = entries.some((entry) => WORKER_ENTRY.test(entry));
  const popup = entries.some((entry) => POPUP_ENTRY.test(entry) || PANEL_ENTRY.test(entry));
  if (popup) return worker ? 'shared' : 'pages';
  return worker ? 'worker-pages' : 'more-pages';
}

/**
 * In the extension the browser reads the English messages from _locales itself, so the
 * English fallback table that t() uses in Node and unit tests resolves to an empty one
 * in builds: pages do not carry every sentence twice.
 */
const noEnglishFallback: Plugin = {
  name: 'buyline:no-english-fallback',
  enforce: 'pre',
  resolveId: (source, importer) =>
    source === './i18n-english.ts' &&
    importer?.replaceAll('\\', '/').endsWith('/src/shared/i18n.ts')
      ? '\0buyline-no-english'
      : undefined,
  load: (id) => (id === '\0buyline-no-english' ? 'export const ENGLISH = {};' : undefined),
};

export default defineConfig({
  plugins: [
    noEnglishFallback,
    preact(),
    classicScripts(target),
    classicScriptsInDev(target),
    crx({ manifest: manifestFor(browser, { testBuild }) as ManifestV3Export, browser }),
    classicWorker(target),
    inlineStyles('/src/popup/index.html'),
    inlineStyles('/src/panel/index.html'),
  ],
  build: {
    outDir: outDirFor(browser, { testBuild }),
    emptyOutDir: true,
    target,
    sourcemap: false,
    // No preload polyfill is needed: every browser Buyline supports has modulepreload.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Pages the manifest does not name are built as extra inputs; the side panel is
      // named only by Chrome's manifest (Firefox's sidebar_action is not read by crxjs).
      input: { bulk: 'src/bulk/index.html', panel: 'src/panel/index.html' },
      // Each module goes where sharedChunk says, not where its importers' chunk is (which
      // would pull the worker's modules in with Preact); entries export nothing.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: (id, graph) => sharedChunk(id, graph), debugName: 'shared by entries' }],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true },
});
