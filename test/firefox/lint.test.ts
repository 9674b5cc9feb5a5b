import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeLint, type LintReport, lintFirefoxBuild } from '../../scripts/firefox/lint.ts';

// Mozilla's add-ons linter (web-ext lint) on the shipped Firefox build, as
// addons.mozilla.org runs it on an upload: errors block a submission, warnings do not.
// Each warning it may give is known, and the reason it is harmless is checked here.

/** The warnings the build is known to give; README lists them with these reasons. */
const KNOWN_WARNINGS: Record<string, string> = {
  // Preact's DOM renderer supports dangerouslySetInnerHTML; no Buyline code uses it.
  UNSAFE_VAR_ASSIGNMENT: 'innerHTML in the bundled Preact runtime',
  // zod's capability probe `new Function('')`, never run: src/api/zod.ts sets jitless.
  DANGEROUS_EVAL: "Function('') in the bundled zod",
};

let report: LintReport;

beforeAll(() => {
  report = lintFirefoxBuild('dist-firefox');
}, 60_000);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|tsx|html)$/.test(path))
    .map((path) => join(dir, path));
}

describe('web-ext lint of dist-firefox', () => {
  it('reports no errors and no notices', () => {
    expect(report.summary.errors, describeLint(report.errors)).toBe(0);
    expect(report.summary.notices, describeLint(report.notices)).toBe(0);
  });

  it('reports only the known warnings', () => {
    const unknown = report.warnings.filter((warning) => !(warning.code in KNOWN_WARNINGS));
    expect(unknown, describeLint(unknown)).toEqual([]);
  });

  it('has those warnings from bundled libraries only: no Buyline source writes HTML or evaluates code', () => {
    const offenders = sourceFiles('src').filter((path) =>
      /innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write|new Function|\beval\(/.test(
        readFileSync(path, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''),
      ),
    );
    expect(offenders).toEqual([]);
    expect(readFileSync('src/api/zod.ts', 'utf8')).toMatch(/z\.config\(\{ jitless: true/);
  });
});
