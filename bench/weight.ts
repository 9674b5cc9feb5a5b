import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzip = (path: string) => gzipSync(readFileSync(path)).length;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Every JS and CSS file an entry loads: the entry, the chunks it imports, its styles. */
function assetsFrom(dist: string, direct: string[]): string[] {
  const seen = new Set<string>();
  const visit = (asset: string) => {
    if (seen.has(asset)) return;
    seen.add(asset);
    if (!asset.endsWith('.js')) return;
    const code = readFileSync(join(dist, asset), 'utf8');
    for (const match of code.matchAll(/from\s*"\.\/([^"]+\.js)"|import\("\.\/([^"]+\.js)"\)/g))
      visit(`assets/${match[1] ?? match[2]}`);
  };
  for (const asset of direct) visit(asset);
  return [...seen];
}

function pageAssets(dist: string, html: string): string[] {
  const page = readFileSync(join(dist, html), 'utf8');
  return assetsFrom(
    dist,
    [...page.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1] as string,
    ),
  );
}

export function measureWeight(dist = 'dist') {
  const bytes = (files: string[]) => files.reduce((sum, file) => sum + gzip(join(dist, file)), 0);
  const popup = pageAssets(dist, 'src/popup/index.html');
  const options = pageAssets(dist, 'src/options/index.html');
  // The worker is one classic script (scripts/classic-worker.ts), named by the manifest.
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
  const worker = [manifest.background.service_worker as string];
  const popupJs = bytes(popup.filter((file) => file.endsWith('.js')));
  // The popup's page carries its stylesheets (scripts/inline-styles.ts): they count as its CSS.
  const inline = [
    ...readFileSync(join(dist, 'src/popup/index.html'), 'utf8').matchAll(
      /<style>([^<]*)<\/style>/g,
    ),
  ].map((match) => match[1] ?? '');
  const popupCss =
    bytes(popup.filter((file) => file.endsWith('.css'))) + gzipSync(inline.join('')).length;
  return {
    popup_js_gzip_bytes: popupJs,
    popup_css_gzip_bytes: popupCss,
    /** What the popup loads before it can show anything: its budget is 30 KB. */
    popup_gzip_bytes: popupJs + popupCss,
    options_js_gzip_bytes: bytes(options.filter((file) => file.endsWith('.js'))),
    options_css_gzip_bytes: bytes(options.filter((file) => file.endsWith('.css'))),
    background_js_gzip_bytes: bytes(worker),
    dist_gzip_bytes: walk(dist).reduce((sum, file) => sum + gzip(file), 0),
  };
}
