/**
 * `npm run package`: store-ready archives in artifacts/, from fresh builds of the
 * sources as they are:
 *   buyline-chrome-<version>.zip   the Chrome Web Store upload (dist/)
 *   buyline-firefox-<version>.zip  the addons.mozilla.org upload (dist-firefox/)
 *   buyline-sources-<version>.zip  the git-tracked sources with BUILD.md, for AMO's review
 * The same sources give byte-identical archives (see scripts/package/zip.ts).
 *
 * Options: --out DIR (default artifacts), --build-root DIR (where dist/ and
 * dist-firefox/ are built; default the repository, as npm run build does).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pkg from '../package.json' with { type: 'json' };
import { describeLint, lintFirefoxBuild } from './firefox/lint.ts';
import { outDirFor, type TargetBrowser } from './manifest-for.ts';
import { buildSteps, run } from './package/build-steps.ts';
import { type ZipEntry, zip } from './package/zip.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'artifacts' },
    'build-root': { type: 'string', default: '.' },
  },
});
const out = resolve(values.out);
const buildRoot = resolve(values['build-root']);
const version = pkg.version;

async function filesUnder(dir: string): Promise<ZipEntry[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { name: relative(dir, path).split('\\').join('/'), data: await readFile(path) };
      }),
  );
}

/** A fresh build for one browser, as npm run build / npm run build:firefox make it. */
function build(browser: TargetBrowser): string {
  const dir = join(buildRoot, outDirFor(browser));
  console.info(`Building for ${browser} into ${relative(process.cwd(), dir) || '.'}/ …`);
  // The shipped build: never the test build, whatever the shell has set.
  run('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    BUYLINE_BROWSER: browser,
    BUYLINE_TEST_BUILD: '',
  });
  return dir;
}

/** Every git-tracked file as it is in the working tree, with its mode. */
async function trackedSources(): Promise<ZipEntry[]> {
  const listing = run('git', ['ls-files', '--stage', '-z'], {}, true);
  const entries: ZipEntry[] = [];
  for (const line of listing.split('\0')) {
    const match = /^(\d{6}) [0-9a-f]+ \d\t(.+)$/s.exec(line);
    if (!match?.[2]) continue;
    const data = await readFile(match[2]).catch(() => undefined);
    // A tracked file deleted in the working tree is not part of these sources.
    if (data) entries.push({ name: match[2], data, mode: match[1] === '100755' ? 0o755 : 0o644 });
  }
  return entries;
}

async function write(name: string, entries: ZipEntry[]): Promise<string> {
  const bytes = zip(entries);
  await writeFile(join(out, name), bytes);
  const digest = createHash('sha256').update(bytes).digest('hex');
  console.info(`  ${name}  ${(bytes.length / 1024).toFixed(0)} KiB  sha256 ${digest}`);
  return `${digest}  ${name}\n`;
}

const changed = run('git', ['status', '--porcelain'], {}, true).trim();
if (changed)
  console.warn(
    'The working tree has uncommitted changes or untracked files: the builds hold them, the sources archive only the tracked files. Commit before uploading, so both match a commit.',
  );

const chrome = build('chrome');
const firefox = build('firefox');
const lint = lintFirefoxBuild(firefox);
if (lint.summary.errors > 0) {
  console.error(`addons.mozilla.org would refuse this build:\n${describeLint(lint.errors)}`);
  process.exit(1);
}

await mkdir(out, { recursive: true });
console.info(`Writing ${relative(process.cwd(), out) || '.'}/ (version ${version}):`);
const sources = await trackedSources();
if (sources.some((entry) => entry.name === 'BUILD.md'))
  throw new Error('BUILD.md is tracked: the sources archive writes its own; rename that file.');
const sums = [
  await write(`buyline-chrome-${version}.zip`, await filesUnder(chrome)),
  await write(`buyline-firefox-${version}.zip`, await filesUnder(firefox)),
  await write(`buyline-sources-${version}.zip`, [
    ...sources,
    { name: 'BUILD.md', data: Buffer.from(buildSteps(version)) },
  ]),
];
await writeFile(join(out, 'SHA256SUMS'), sums.join(''));
