import { spawnSync } from 'node:child_process';

/** Runs a command from the repository; fails loudly. Returns its output when captured. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  capture = false,
): string {
  const result = spawnSync(command, args, {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`"${command} ${args.join(' ')}" failed (exit ${result.status}).`);
  return result.stdout ?? '';
}

/** BUILD.md of the sources archive: how a reviewer rebuilds the Firefox upload exactly. */
export function buildSteps(version: string): string {
  const npm = run('npm', ['--version'], {}, true).trim();
  return `# Building Buyline ${version} from these sources

These are the sources of \`buyline-firefox-${version}.zip\`. The JavaScript in it is
bundled (Vite 8 with @crxjs/vite-plugin, Preact, zod, idb, webextension-polyfill),
not minified; every dependency is pinned in \`package-lock.json\` and comes from
the public npm registry.

## Environment used
- Node.js ${process.version} with npm ${npm}, on ${process.platform} ${process.arch}.
  Buyline builds with any Node.js 20.19 or later; use this version for byte-identical files.

## Steps
\`\`\`sh
npm ci
npm run build:firefox
\`\`\`
The build is written to \`dist-firefox/\`. Its files are those of the uploaded
archive, byte for byte; \`npm run package\` (which also builds the Chrome version and
re-creates these archives in \`artifacts/\`) gives the same zip.

## Where things are
- \`manifest.json\`: the one manifest source; \`scripts/manifest-for.ts\` makes the
  Firefox manifest from it (background scripts, gecko id, data collection).
- \`src/\`: the extension's own code (background, popup, options page, shared code).
- \`sandbox/\`, \`test/\`, \`bench/\`: a local test server and tests; not in the build.
`;
}
