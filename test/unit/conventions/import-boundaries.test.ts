import { describe, expect, it } from 'vitest';
import { crossings } from './boundaries.ts';
import { graphOf, reachable, readSources } from './import-graph.ts';

// The boundaries of boundaries.ts, checked over the sources, and the check itself
// shown to fail on sources that cross each of them.

const root = new URL('../../..', import.meta.url).pathname;
const sources = readSources(root, 'src');
const graph = graphOf(sources);
const under = (dir: string) => Object.keys(sources).filter((file) => file.startsWith(dir));

describe('the import boundaries', () => {
  it('hold in the sources', () => {
    expect(under('src/options/').length).toBeGreaterThan(10);
    expect(under('src/background/').length).toBeGreaterThan(10);
    expect(crossings(graph, sources)).toEqual({
      optionsToPopup: [],
      uiToPages: [],
      backgroundToPreact: [],
      pagesToZod: [],
      directAsks: [],
    });
  });

  it('are checked over the pages’ real entries', () => {
    // The walk starts where the pages start, and reaches what they use.
    const walked = reachable(graph, ['src/popup/main.tsx'], (t) => t === 'src/ui/fields.tsx');
    expect(walked.length).toBe(1);
  });
});

describe('the boundary check itself', () => {
  const broken = {
    'src/options/app.tsx': "import { Field } from '../ui/fields.tsx';\n",
    'src/ui/fields.tsx': "import { money } from '../popup/money.ts';\n",
    'src/popup/money.ts': "import type { Draft } from '../shared/draft.ts';\n",
    'src/popup/main.tsx': "import './app.tsx';\n",
    'src/popup/app.tsx':
      "import type { Settings } from '../shared/settings.ts';\nimport { orderRequestSchema } from '../api/schemas/order-request.ts';\n",
    'src/options/main.tsx': "import { type Settings, parse } from '../shared/settings.ts';\n",
    'src/shared/settings.ts': "import { z } from '../api/zod.ts';\n",
    'src/background/badge.ts': "import { h } from 'preact';\n",
    'src/background/index.ts': "export { refreshBadge } from './badge.ts';\n",
    'src/popup/order.tsx': "import { ask, BackgroundError } from '../shared/messaging.ts';\n",
  };

  it('finds every crossing, by the chain that makes it', () => {
    const found = crossings(graphOf(broken), broken);
    expect(found.optionsToPopup).toContainEqual([
      'src/options/app.tsx',
      'src/ui/fields.tsx',
      'src/popup/money.ts',
    ]);
    expect(found.uiToPages).toEqual([['src/ui/fields.tsx', 'src/popup/money.ts']]);
    expect(found.backgroundToPreact).toEqual([['src/background/badge.ts', 'preact']]);
    expect(found.pagesToZod).toEqual(
      expect.arrayContaining([
        ['src/popup/main.tsx', 'src/popup/app.tsx', 'src/api/schemas/order-request.ts'],
        ['src/options/main.tsx', 'src/shared/settings.ts', 'src/api/zod.ts'],
      ]),
    );
    expect(found.directAsks).toEqual([['src/popup/order.tsx']]);
  });

  it('leaves type-only imports alone: they are erased from the build', () => {
    const typesOnly = {
      'src/popup/main.tsx':
        "import type { OrderRequest } from '../api/schemas/order-request.ts';\n",
      'src/options/main.tsx': "import { type Settings } from '../shared/settings.ts';\n",
    };
    expect(crossings(graphOf(typesOnly), typesOnly).pagesToZod).toEqual([]);
  });
});
