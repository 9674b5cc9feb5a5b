import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { build, type Plugin } from 'vite';

/** The worker's one script, at the root of the build. */
const WORKER_SCRIPT = 'background.js';

type Background = { service_worker?: string; scripts?: string[]; type?: string };

/** The files a script loads before it runs: its static imports, followed through. */
function staticImports(dir: string, first: string): Set<string> {
  const found = new Set([first]);
  for (const file of found) {
    const code = readFileSync(join(dir, file), 'utf8');
    for (const [, path] of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
      found.add(posix.join(posix.dirname(file), path as string));
  }
  return found;
}

/** Every file of the build, relative to it. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * Makes the built worker one classic script. Chromium starts a classic service worker
 * about 10 ms sooner than a module one of the same code (cold start to first poll, the
 * median of 9 wakes with marks in a test build: 43 ms as a module, 33 ms as a classic
 * script; an empty worker's is 12 to 15 ms either way), and a wake is what every poll
 * after a sleep waits for. @crxjs writes a module loader; once the
 * build is written, this bundles that loader and what it imports into one script, points
 * the manifest at it (Firefox's event page too), and removes what only the loader used.
 */
export function classicWorker(target: string): Plugin {
  return {
    name: 'buyline:classic-worker',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        const dir = options.dir;
        if (!dir || !existsSync(join(dir, 'manifest.json'))) return;
        const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
          background: Background;
        };
        const { background } = manifest;
        const loader = background.service_worker ?? background.scripts?.[0];
        if (!loader || loader === WORKER_SCRIPT) return;
        await build({
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          build: {
            outDir: dir,
            emptyOutDir: false,
            target,
            // The code was written as modules, which are always strict.
            rollupOptions: { output: { strict: true } },
            lib: {
              entry: join(dir, loader),
              formats: ['iife'],
              name: 'buyline',
              fileName: () => WORKER_SCRIPT,
            },
          },
        });
        manifest.background = background.service_worker
          ? { service_worker: WORKER_SCRIPT }
          : { scripts: [WORKER_SCRIPT] };
        writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
        // What the loader imported stays where a page imports it too.
        const workerOnly = staticImports(dir, loader);
        const others = filesOf(dir).filter(
          (file) => !workerOnly.has(file) && file !== WORKER_SCRIPT && /\.(js|html)$/.test(file),
        );
        const text = others.map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
        for (const file of workerOnly)
          if (!text.includes(file.slice(file.lastIndexOf('/') + 1))) rmSync(join(dir, file));
      },
    },
  };
}
