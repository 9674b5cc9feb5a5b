import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Files stay small and single-purpose: every tracked file under src/ (CSS and HTML
// included, as `git ls-files 'src/**' | xargs wc -l` counts them) has at most 300 lines.
// There is no cap on the total: one rewarded packing lines to meet it.

const root = new URL('../../..', import.meta.url).pathname;
const MAX_FILE_LINES = 300;

/** Lines as `wc -l` counts them: newline characters. */
const linesOf = (text: string) => text.split('\n').length - 1;

function trackedSources(): Record<string, number> {
  const files = execFileSync('git', ['ls-files', 'src/**'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  return Object.fromEntries(
    files.map((file) => [file, linesOf(readFileSync(`${root}${file}`, 'utf8'))]),
  );
}

describe('the size of src/', () => {
  const sizes = trackedSources();

  it('is counted over every tracked source', () => {
    expect(Object.keys(sizes).length).toBeGreaterThan(150);
    expect(sizes['src/background/index.ts']).toBeGreaterThan(10);
    expect(linesOf('a\nb\n')).toBe(2);
  });

  it('has no file over 300 lines', () => {
    const over = Object.entries(sizes).filter(([, lines]) => lines > MAX_FILE_LINES);
    expect(over).toEqual([]);
  });
});
