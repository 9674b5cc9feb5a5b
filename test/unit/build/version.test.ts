import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import pkg from '../../../package.json' with { type: 'json' };
import {
  compareVersions as compare,
  PREVIOUS_RELEASE,
  RELEASED,
} from '../../fixtures/releases/released.ts';

// Every release raises the version (package.json is its one source, for both browsers):
// a browser keeps an extension's old files when an update carries the same version, so
// a build that is not raised is not an update at all. And every version says in
// CHANGELOG.md what it brings.

/** The released versions CHANGELOG.md has entries for, in its order (newest first). */
async function changelogVersions(): Promise<string[]> {
  const text = await readFile('CHANGELOG.md', 'utf8');
  return [...text.matchAll(/^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$/gm)].map(
    (match) => match[1] as string,
  );
}

describe('the version', () => {
  it('is raised above the previous release', () => {
    expect(
      compare(pkg.version, PREVIOUS_RELEASE.version),
      `package.json says ${pkg.version}, not above the previous release ${PREVIOUS_RELEASE.version}: raise it`,
    ).toBeGreaterThan(0);
  });

  it('has the newest entry in CHANGELOG.md', async () => {
    const versions = await changelogVersions();
    expect(versions, `CHANGELOG.md has no entry "## [${pkg.version}] - YYYY-MM-DD"`).toContain(
      pkg.version,
    );
    expect(versions[0], 'the newest CHANGELOG.md entry is not this version').toBe(pkg.version);
  });

  it('leaves every earlier release its CHANGELOG.md entry, newest first', async () => {
    const versions = await changelogVersions();
    expect(versions).toEqual(
      [...RELEASED.map((release) => release.version), pkg.version].reverse(),
    );
    for (let i = 1; i < versions.length; i++)
      expect(compare(versions[i - 1] as string, versions[i] as string)).toBeGreaterThan(0);
  });

  it('is one package-lock.json agrees with', async () => {
    const lock = JSON.parse(await readFile('package-lock.json', 'utf8'));
    expect(lock.version).toBe(pkg.version);
    expect(lock.packages[''].version).toBe(pkg.version);
  });
});
