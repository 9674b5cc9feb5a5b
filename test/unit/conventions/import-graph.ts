/**
 * The sources as text, for the convention tests that read them (the import rules are
 * dependency-cruiser's: .dependency-cruiser.cjs, checked by dependency-rules.test.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

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
