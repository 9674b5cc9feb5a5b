import { describe, expect, it } from 'vitest';
import { readSources } from './import-graph.ts';
import { orderDecisions } from './order-decisions.ts';

// Pages render what the background says can be done with an order (its `life`); they
// hold no order state sets or predicates of their own (src/background/order-life
// decides). Checked over the sources, and the check shown to catch each kind.

const root = new URL('../../..', import.meta.url).pathname;
const sources = readSources(root, 'src');

describe('pages decide nothing about an order', () => {
  it('holds in the popup, the options page and the bulk page', () => {
    expect(
      Object.keys(sources).filter((file) => file.startsWith('src/popup/')).length,
    ).toBeGreaterThan(10);
    expect(orderDecisions(sources)).toEqual([]);
  });

  it('is checked by a check that finds each kind', () => {
    const broken = {
      'src/popup/a.tsx': "if (order.state === 'placed') show();\n",
      'src/options/b.tsx': "const OPEN: readonly string[] = ['processing', 'sending'];\n",
      'src/bulk/c.tsx': "return 'failed' !== row.order?.state;\n",
      'src/popup/d.ts': 'return WATCHED.includes(order.state);\n',
      'src/popup/e.ts': "import { PLACED_ORDER_STATES } from '../shared/order-record.ts';\n",
      'src/popup/f.ts': "switch (order.state) {\n  case 'held':\n}\n",
      'src/popup/g.ts':
        "// A comment may say order.state === 'placed'.\nconst ok = batch.state === 'running';\n",
      'src/background/h.ts': "if (order.state === 'placed') watch();\n",
    };
    expect(orderDecisions(broken)).toEqual([
      'src/popup/a.tsx:1 compares a state',
      'src/options/b.tsx:1 lists states',
      'src/bulk/c.tsx:1 compares a state',
      'src/popup/d.ts:1 tests membership of a state',
      'src/popup/e.ts:1 imports a state grouping or predicate',
      'src/popup/f.ts:2 cases on a state',
    ]);
  });
});
