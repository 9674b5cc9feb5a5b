import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { manifestFor, outDirFor, targetBrowser } from './scripts/manifest-for.ts';

// A test build (BUYLINE_TEST_BUILD=1) adds host access to the storefronts, because a
// popup opened by a test is not a user gesture and so never receives activeTab. The
// shipped build keeps activeTab alone; a test asserts that.
const testBuild = process.env.BUYLINE_TEST_BUILD === '1';
// BUYLINE_BROWSER=firefox (npm run build:firefox) builds the same sources for Firefox.
const browser = targetBrowser();

export default defineConfig({
  plugins: [
    preact(),
    crx({ manifest: manifestFor(browser, { testBuild }) as ManifestV3Export, browser }),
  ],
  build: {
    outDir: outDirFor(browser, { testBuild }),
    emptyOutDir: true,
    target: browser === 'firefox' ? 'firefox140' : 'chrome116',
    sourcemap: false,
    // Pages the manifest does not name are built as extra inputs.
    rollupOptions: { input: { bulk: 'src/bulk/index.html' } },
  },
  server: { port: 5173, strictPort: true },
});
