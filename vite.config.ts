import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import baseManifest from './manifest.json' with { type: 'json' };
import { STOREFRONT_HOST_PATTERNS } from './src/shared/storefront-hosts.ts';

// A test build (BUYLINE_TEST_BUILD=1) adds host access to the storefronts, because a
// popup opened by a test is not a user gesture and so never receives activeTab. The
// shipped build keeps activeTab alone; a test asserts that.
const testBuild = process.env.BUYLINE_TEST_BUILD === '1';

const manifest = (
  testBuild
    ? {
        ...baseManifest,
        host_permissions: [...baseManifest.host_permissions, ...STOREFRONT_HOST_PATTERNS],
      }
    : baseManifest
) as ManifestV3Export;

export default defineConfig({
  plugins: [preact(), crx({ manifest })],
  build: {
    outDir: testBuild ? 'dist-test' : 'dist',
    emptyOutDir: true,
    target: 'chrome116',
    sourcemap: false,
  },
  server: { port: 5173, strictPort: true },
});
