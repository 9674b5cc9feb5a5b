import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { manifestFor, outDirFor, targetBrowser } from './scripts/manifest-for.ts';

// A test build (BUYLINE_TEST_BUILD=1) adds host access to the storefronts, because a
// popup opened by a test is not a user gesture and so never receives activeTab. The
// shipped build keeps activeTab alone; a test asserts that.
const testBuild = process.env.BUYLINE_TEST_BUILD === '1';
// BUYLINE_BROWSER=firefox (npm run build:firefox) builds the same sources for Firefox.
const browser = targetBrowser();

/** Code only the extension pages use (Preact and the UI kit), kept in one chunk. */
function pageChunk(id: string): string | undefined {
  const path = id.replaceAll('\\', '/');
  if (/\/node_modules\/preact\//.test(path) || path.includes('/src/ui/')) return 'pages';
  return undefined;
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
    crx({ manifest: manifestFor(browser, { testBuild }) as ManifestV3Export, browser }),
  ],
  build: {
    outDir: outDirFor(browser, { testBuild }),
    emptyOutDir: true,
    target: browser === 'firefox' ? 'firefox140' : 'chrome116',
    sourcemap: false,
    // The popup's first paint waits for every chunk it loads, so the pages' shared code
    // goes into one chunk rather than many small ones, and no preload polyfill is
    // needed (every browser Buyline supports has modulepreload).
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Pages the manifest does not name are built as extra inputs.
      input: { bulk: 'src/bulk/index.html' },
      output: { manualChunks: pageChunk },
    },
  },
  server: { port: 5173, strictPort: true },
});
