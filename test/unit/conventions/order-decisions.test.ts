import { describe, expect, it } from 'vitest';
import { readSources } from './import-graph.ts';
import { orderDecisions } from './order-decisions.ts';

// Pages render what the background says can be done with an order (its `life`), and the
// rest of the background asks src/background/order-life: neither holds a state set or
// predicate of its own, for orders, cancellations, bulk batches or bulk rows. Checked
// over the sources, and the check shown to catch each kind.

const root = new URL('../../..', import.meta.url).pathname;
const sources = readSources(root, 'src');

describe('nothing outside the order life decides about a state', () => {
  it('holds in the popup, the options page, the bulk page and the background', () => {
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
      'src/popup/e.ts': "import { needsAttention } from '../shared/order-record.ts';\n",
      'src/popup/f.ts': "switch (order.state) {\n  case 'held':\n}\n",
      'src/popup/g.ts':
        "// A comment may say order.state === 'placed'.\nconst ok = view.kind === 'running';\n",
      'src/background/h.ts': "if (order.state === 'placed') watch();\n",
      'src/background/rounds/i.ts':
        "const WATCHED: OrderState[] = ['placed', 'partly_cancelled'];\n",
      'src/background/bulk/j.ts': "return row.status === 'refused' || batch.state !== 'running';\n",
      'src/bulk/k.tsx': "const OPEN = new Set(['waiting', 'handed']);\n",
      'src/background/order-life/l.ts': "if (order.state === 'placed') watch();\n",
      'src/background/m.ts': 'return IN_FLIGHT.includes(order.state);\n',
    };
    expect(orderDecisions(broken)).toEqual([
      'src/popup/a.tsx:1 compares a state',
      'src/options/b.tsx:1 lists states',
      'src/bulk/c.tsx:1 compares a state',
      'src/popup/d.ts:1 tests membership of a state',
      'src/popup/e.ts:1 imports a state grouping or predicate',
      'src/popup/f.ts:2 cases on a state',
      'src/background/h.ts:1 compares a state',
      'src/background/rounds/i.ts:1 lists states',
      'src/background/bulk/j.ts:1 compares a state',
      'src/bulk/k.tsx:1 lists states',
    ]);
  });
});
