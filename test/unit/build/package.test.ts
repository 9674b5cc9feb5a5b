import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../../package.json' with { type: 'json' };
import { unzip } from '../../../scripts/package/read-zip.ts';

// `npm run package` twice, each from its own fresh builds: the same sources must give
// the same archives, named for package.json's version, each holding what its store
// needs. The builds go to a temporary place, never to the dist/ other tests use.

const VERSION = pkg.version;
const NAMES = ['chrome', 'firefox', 'sources'].map((kind) => `buyline-${kind}-${VERSION}.zip`);
let root: string;

function packageInto(dir: string): string {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/package.ts', '--out', join(dir, 'artifacts'), '--build-root', dir],
    { encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`npm run package failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const archive = async (run: string, name: string) =>
  unzip(await readFile(join(root, run, 'artifacts', name)));
const manifestIn = async (name: string) =>
  JSON.parse(
    (await archive('a', name)).find((entry) => entry.name === 'manifest.json')?.data.toString() ??
      'null',
  );

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'buyline-package-'));
  packageInto(join(root, 'a'));
  packageInto(join(root, 'b'));
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('npm run package', () => {
  it('writes the three archives and their checksums, named for the version', async () => {
    expect((await readdir(join(root, 'a', 'artifacts'))).sort()).toEqual(
      [...NAMES, 'SHA256SUMS'].sort(),
    );
  });

  it('gives byte-identical archives from two fresh builds of the same sources', async () => {
    const sums = await readFile(join(root, 'a', 'artifacts', 'SHA256SUMS'), 'utf8');
    expect(sums.trim().split('\n')).toHaveLength(3);
    expect(await readFile(join(root, 'b', 'artifacts', 'SHA256SUMS'), 'utf8')).toBe(sums);
    for (const name of NAMES) {
      const [a, b] = await Promise.all(
        ['a', 'b'].map((run) => readFile(join(root, run, 'artifacts', name))),
      );
      expect(a?.equals(b as Buffer), name).toBe(true);
    }
  });

  it('puts each browser build at the root of its archive, with the version of package.json', async () => {
    const chrome = await manifestIn(NAMES[0] as string);
    expect(chrome.version).toBe(VERSION);
    expect(chrome.background.service_worker).toBe('background.js');
    const firefox = await manifestIn(NAMES[1] as string);
    expect(firefox.version).toBe(VERSION);
    expect(firefox.browser_specific_settings.gecko.id).toBe('buyline@buyline.dev');
    // The archive holds exactly the files of the build it came from.
    const built = await readdir(join(root, 'a', 'dist-firefox'), {
      recursive: true,
      withFileTypes: true,
    });
    const files = built
      .filter((entry) => entry.isFile())
      .map((entry) =>
        join(entry.parentPath, entry.name).slice(join(root, 'a', 'dist-firefox').length + 1),
      )
      .sort();
    expect((await archive('a', NAMES[1] as string)).map((entry) => entry.name)).toEqual(files);
  });

  it('gives addons.mozilla.org a Firefox archive its linter reads with no error', () => {
    // addons-linter (web-ext's own linter) on the archive itself, as AMO checks an upload.
    const result = spawnSync(
      'node_modules/.bin/addons-linter',
      ['--output', 'json', join(root, 'a', 'artifacts', NAMES[1] as string)],
      { encoding: 'utf8' },
    );
    const report = JSON.parse(result.stdout) as { summary: { errors: number }; errors: unknown[] };
    expect(report.summary.errors, JSON.stringify(report.errors)).toBe(0);
  });

  it('puts the tracked sources and the build steps in the sources archive, and nothing built', async () => {
    const entries = await archive('a', NAMES[2] as string);
    const names = entries.map((entry) => entry.name);
    for (const name of ['package.json', 'package-lock.json', 'manifest.json', 'vite.config.ts'])
      expect(names).toContain(name);
    expect(names.filter((name) => /^(node_modules|dist[^/]*|artifacts)\//.test(name))).toEqual([]);
    expect(entries.find((entry) => entry.name === '.ci/run')?.mode).toBe(0o755);
    const steps = entries.find((entry) => entry.name === 'BUILD.md')?.data.toString() ?? '';
    expect(steps).toContain(`Node.js ${process.version}`);
    expect(steps).toContain('npm ci\nnpm run build:firefox\n');
  });
});
