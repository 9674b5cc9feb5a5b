import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The Bulk orders page checks nothing itself: the background's check (zod) is the only
// one. So nothing the page loads may bring zod in, nor the popup's or options' code.

/** Every module a file loads at run time (type-only imports are erased, so skipped). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) {
    if (match[1]) continue;
    found.push(match[2] ?? '');
  }
  return found;
}

function graph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.(ts|tsx)$/.test(file)) return;
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else
        packages.add(
          spec.split('/')[0]?.startsWith('@')
            ? spec.split('/').slice(0, 2).join('/')
            : (spec.split('/')[0] ?? spec),
        );
    }
  };
  visit(resolve(entry));
  return {
    files: [...files].map((file) => relative(process.cwd(), file)),
    packages: [...packages],
  };
}

describe('what the Bulk orders page loads', () => {
  const { files, packages } = graph('src/bulk/main.tsx');

  it('parses files with papaparse and renders with preact', () => {
    // Pages use the browser's own extension namespace; only the background loads the polyfill.
    expect(packages.sort()).toEqual(['papaparse', 'preact']);
    expect(files).toContain('src/shared/bulk/parse-file.ts');
  });

  it('never loads zod, the schemas, the background, the popup or the options page', () => {
    const forbidden = files.filter((file) =>
      /^src\/(api\/zod\.ts|api\/schemas\/|background\/|popup\/|options\/)|payload-schemas\.ts$/.test(
        file,
      ),
    );
    expect(forbidden).toEqual([]);
    expect(packages).not.toContain('zod');
  });
});
