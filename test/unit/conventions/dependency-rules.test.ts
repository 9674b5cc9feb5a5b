import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, type Violation, violations } from './dependency-check.ts';

// The import rules of .dependency-cruiser.cjs (layers and cycles, types included) and
// .dependency-cruiser-bundles.cjs (what the pages' bundles reach) hold over src/, and
// the same configs are shown to report planted sources that break each rule.

describe('the import rules', () => {
  it('hold over the sources, cycles and layers', { timeout: 120_000 }, async () => {
    const found = await violations('.dependency-cruiser.cjs', ['src']);
    expect(found.modules).toBeGreaterThan(150);
    expect(found.violations).toEqual([]);
  });

  it('hold over the sources, what the pages’ bundles reach', { timeout: 120_000 }, async () => {
    const found = await violations('.dependency-cruiser-bundles.cjs', ['src']);
    expect(found.modules).toBeGreaterThan(150);
    expect(found.violations).toEqual([]);
  });
});

/** Writes `files` into a fresh folder inside the project (so packages resolve), laid out as src/. */
function plant(files: Record<string, string>): string {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const base = mkdtempSync(join(ROOT, '.tmp', 'deps-'));
  planted.push(base);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), source);
  }
  return base;
}
const planted: string[] = [];
afterAll(() => {
  for (const base of planted) rmSync(base, { recursive: true, force: true });
});

const broken: Record<string, string> = {
  'src/background/scheduler.ts':
    "import { advance } from './bulk/runner.ts';\nexport const nudge = () => advance();\n",
  'src/background/bulk/runner.ts':
    "import { nudge } from '../scheduler.ts';\nexport const advance = () => nudge;\n",
  'src/background/index.ts': "import { advance } from './bulk/runner.ts';\nadvance();\n",
  'src/background/badge.tsx': "import { h } from 'preact';\nexport const badge = h;\n",
  'src/shared/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
  'src/shared/b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n",
  'src/shared/messaging.ts': 'export const ask = () => undefined;\n',
  'src/shared/i18n.ts': 'export const t = (key: string) => key;\n',
  'src/shared/settings.ts':
    "import { z } from '../api/zod.ts';\nexport const parse = z;\nexport type Settings = object;\n",
  'src/api/zod.ts': "export { z } from 'zod/mini';\n",
  'src/api/errors.ts':
    "import { t } from '../shared/i18n.ts';\nimport { parse } from '../shared/settings.ts';\nexport const said = [t, parse];\n",
  'src/popup/main.tsx':
    "import { parse } from '../shared/settings.ts';\nimport type { badge } from '../background/badge.tsx';\nexport const popup: [typeof badge, unknown] = [undefined as never, parse];\n",
  'src/popup/money.ts':
    "import { ask } from '../shared/messaging.ts';\nexport const money = ask;\n",
  'src/options/main.tsx':
    "import type { Settings } from '../shared/settings.ts';\nimport { money } from '../popup/money.ts';\nexport const options: [Settings?, unknown?] = [undefined, money];\n",
  'src/options/prefs.tsx':
    "import { type Settings } from '../shared/settings.ts';\nexport const prefs: Settings = {};\n",
  'src/ui/field.tsx': "import { money } from '../popup/money.ts';\nexport const field = money;\n",
  'src/bulk/main.tsx':
    "import { field } from '../ui/field.tsx';\nimport { money } from '../popup/money.ts';\nexport const bulk = [field, money];\n",
  'src/shared/words.ts': "import { field } from '../ui/field.tsx';\nexport const words = field;\n",
  'src/page-readers/reader.ts':
    "import { nudge } from '../background/scheduler.ts';\nexport const read = nudge;\n",
  'src/background/notices.ts':
    "import { field } from '../ui/field.tsx';\nexport const notice = field;\n",
};

/** Each violation as "rule: from -> to", a package by its name wherever it is installed. */
const named = (found: Violation[]) =>
  found.map(({ rule, from, to }) => {
    const target = to.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1');
    return `${rule}: ${from} -> ${target}`;
  });

describe('the import rules themselves', () => {
  it('report each planted crossing, by the rule it breaks', async () => {
    const found = await violations('.dependency-cruiser.cjs', ['src'], plant(broken));
    expect(named(found.violations).sort()).toEqual(
      [
        'api-stands-alone: src/api/errors.ts -> src/shared/settings.ts',
        'background-imports-no-page: src/background/notices.ts -> src/ui/field.tsx',
        'background-never-imports-preact: src/background/badge.tsx -> preact',
        'core-background-does-not-know-bulk: src/background/scheduler.ts -> src/background/bulk/runner.ts',
        'no-cycles: src/background/bulk/runner.ts -> src/background/scheduler.ts',
        'no-cycles: src/shared/a.ts -> src/shared/b.ts',
        'page-readers-run-in-the-page: src/page-readers/reader.ts -> src/background/scheduler.ts',
        'pages-import-no-other-page: src/bulk/main.tsx -> src/popup/money.ts',
        'pages-import-no-other-page: src/options/main.tsx -> src/popup/money.ts',
        'pages-never-import-the-background: src/popup/main.tsx -> src/background/badge.tsx',
        'shared-imports-no-context: src/shared/words.ts -> src/ui/field.tsx',
        'ui-imports-no-page: src/ui/field.tsx -> src/popup/money.ts',
        'views-ask-only-through-the-connector: src/popup/money.ts -> src/shared/messaging.ts',
      ].sort(),
    );
    // A cycle of types is a cycle: the two type-only imports of a.ts and b.ts.
    expect(found.violations).toContainEqual(
      expect.objectContaining({ rule: 'no-cycles', cycle: ['src/shared/b.ts', 'src/shared/a.ts'] }),
    );
    // What the core allows: the worker's entry wires bulk in, src/api reads the i18n leaf.
    expect(named(found.violations).join('\n')).not.toMatch(/src\/background\/index\.ts|i18n/);
  });

  it('report what the pages’ bundles would reach, and not what only their types import', async () => {
    const found = await violations('.dependency-cruiser-bundles.cjs', ['src'], plant(broken));
    expect(named(found.violations).sort()).toEqual(
      [
        // `import { type Settings }` keeps the module (verbatimModuleSyntax emits `import {}`).
        'pages-never-reach-zod: src/options/prefs.tsx -> src/api/zod.ts',
        'pages-never-reach-zod: src/options/prefs.tsx -> zod',
        // Through settings.ts, whose `parse` it imports.
        'pages-never-reach-zod: src/popup/main.tsx -> src/api/zod.ts',
        'pages-never-reach-zod: src/popup/main.tsx -> zod',
      ].sort(),
    );
    // options/main.tsx only has `import type` of settings.ts: erased, so it reaches nothing.
    expect(found.violations.map((found) => found.from)).not.toContain('src/options/main.tsx');
  });
});
