/**
 * The import graph of the sources, read from their text: which module each file
 * imports, and whether only for types (erased from the build). Enough for the
 * project's boundaries; the files are this project's, written in one style.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export interface Import {
  /** A project file (`src/ui/fields.tsx`) or a package (`preact/hooks`). */
  target: string;
  /** Erased by the compiler: `import type`, or every name marked `type`. */
  typeOnly: boolean;
}

export type Graph = Map<string, Import[]>;

const STATEMENT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function onlyTypes(clause: string): boolean {
  const names = /\{([^}]*)\}/.exec(clause)?.[1];
  if (!names || /^[^{]*\w/.test(clause.replace(/\{[^}]*\}/, ''))) return false;
  const list = names
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((name) => name.startsWith('type '));
}

/** The imports of one file, its relative paths resolved against `file`. */
export function importsOf(file: string, source: string): Import[] {
  const found: Import[] = [];
  for (const match of source.matchAll(STATEMENT)) {
    const specifier = match[4] ?? match[5] ?? match[6];
    if (!specifier) continue;
    const typeOnly = Boolean(match[2]) || (match[3] !== undefined && onlyTypes(match[3]));
    const target = specifier.startsWith('.')
      ? normalize(join(dirname(file), specifier)).replaceAll('\\', '/')
      : specifier;
    found.push({ target, typeOnly });
  }
  return found;
}

export function graphOf(files: Record<string, string>): Graph {
  return new Map(Object.entries(files).map(([file, source]) => [file, importsOf(file, source)]));
}

/** Every .ts and .tsx file under `dir`, keyed by its path from `root`. */
export function readSources(root: string, dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name))
        files[relative(root, full).replaceAll('\\', '/')] = readFileSync(full, 'utf8');
    }
  };
  walk(join(root, dir));
  return files;
}

/**
 * The chains of value imports (types left out) from `from` to any target `bad`
 * accepts, one per offending target: the path says where the boundary is crossed.
 */
export function reachable(
  graph: Graph,
  from: string[],
  bad: (target: string) => boolean,
): string[][] {
  const chains: string[][] = [];
  const seen = new Set<string>();
  const reported = new Set<string>();
  const queue: string[][] = from.map((file) => [file]);
  while (queue.length > 0) {
    const chain = queue.shift() as string[];
    const file = chain.at(-1) as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { target, typeOnly } of graph.get(file) ?? []) {
      if (typeOnly) continue;
      if (bad(target)) {
        // Breadth first: the first chain to a target is a shortest one.
        if (!reported.has(target)) chains.push([...chain, target]);
        reported.add(target);
      } else if (graph.has(target)) queue.push([...chain, target]);
    }
  }
  return chains;
}
