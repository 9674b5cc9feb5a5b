import { describe, expect, it } from 'vitest';
import { readSources } from './import-graph.ts';

// Views ask the background only through the connector (src/ui/background-connector.ts).
// .dependency-cruiser.cjs lets only it and src/ui/failure.ts (for the error class) import
// src/shared/messaging.ts; which names an import takes is beyond dependency-cruiser, so
// this checks that no page or kit file but the connector takes `ask` from it.

const root = new URL('../../..', import.meta.url).pathname;
const CONNECTOR = 'src/ui/background-connector.ts';
const ASK = /import\s*\{[^}]*\bask\b[^}]*\}\s*from\s*['"][./]*shared\/messaging\.ts['"]/;

/** The page and kit files, other than the connector, that import `ask` themselves. */
function directAsks(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([file]) => /^src\/(popup|options|bulk|ui)\//.test(file) && file !== CONNECTOR)
    .filter(([, source]) => ASK.test(source))
    .map(([file]) => file);
}

describe('asking the background', () => {
  it('goes through the connector alone', () => {
    const sources = {
      ...readSources(root, 'src/popup'),
      ...readSources(root, 'src/options'),
      ...readSources(root, 'src/bulk'),
      ...readSources(root, 'src/ui'),
    };
    expect(ASK.test(sources[CONNECTOR] ?? '')).toBe(true);
    expect(directAsks(sources)).toEqual([]);
  });

  it('is told apart from taking the error class alone', () => {
    expect(
      directAsks({
        'src/popup/order.tsx': "import { ask, BackgroundError } from '../shared/messaging.ts';\n",
        'src/ui/failure.ts': "import { BackgroundError } from '../shared/messaging.ts';\n",
        [CONNECTOR]: "import { ask } from '../shared/messaging.ts';\n",
      }),
    ).toEqual(['src/popup/order.tsx']);
  });
});
