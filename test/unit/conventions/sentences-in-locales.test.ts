import { describe, expect, it } from 'vitest';
import {
  ALLOWED,
  DEVELOPER_PROPERTIES,
  hardCodedSentences,
  NOT_SENTENCES,
} from './hard-coded-sentences.ts';
import { readSources } from './import-graph.ts';

// Every sentence the buyer reads comes from _locales through t(): the pages, their kit,
// the background's words (notifications, badge, refusals, error replies) and the
// service's errors. Checked over the sources, and the check shown to catch each kind.

const root = new URL('../../..', import.meta.url).pathname;
const sources = readSources(root, 'src');

describe('user-facing sentences are in _locales', () => {
  it('holds in the pages, the background and the service’s errors', () => {
    for (const dir of ['src/popup/', 'src/options/', 'src/bulk/', 'src/ui/', 'src/background/'])
      expect(Object.keys(sources).filter((file) => file.startsWith(dir)).length).toBeGreaterThan(3);
    expect(hardCodedSentences(sources)).toEqual([]);
  });

  it('lists only files and strings that exist', () => {
    for (const file of Object.keys(NOT_SENTENCES)) expect(sources[file], file).toBeDefined();
    for (const entry of ALLOWED) expect(sources[entry.file]).toContain(entry.starts);
    for (const entry of DEVELOPER_PROPERTIES)
      expect(sources[entry.file]).toContain(`${entry.property}: `);
  });

  it('is checked by a check that finds each kind', () => {
    const broken = {
      'src/popup/a.tsx': 'export const A = () => <p>Your order is on its way.</p>;\n',
      'src/options/b.ts': "export const b = { message: 'Token rejected: update it.' };\n",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal, as a source holds it.
      'src/background/c.ts': 'export const c = (n: number) => `Connected to ${n}.`;\n',
      'src/ui/d.tsx': 'export const D = () => <button aria-label="Close this dialog" />;\n',
      'src/bulk/e.ts': "throw new BatchError('Nothing can be placed.');\n",
      'src/background/f.ts': "fail(order, 'must be a whole number.');\n",
      'src/api/errors.ts':
        "export class E extends Error { userMessage = 'The service refused.'; }\n",
      'src/background/g.ts': [
        "console.error('Buyline: a task failed', error);",
        "throw new Error('No connector: render inside a ConnectorContext.');",
        "const key = t('bg_notOwnPage');",
        "const css = 'hint usual-placing';",
        "const url = 'https://api.example.com/v1/orders';",
        "type Level = 'too short' | 'weak';",
        "class H extends Error { userMessage = t('x'); constructor() { super('GET /orders: failed'); } }",
        '// A comment says: This is a sentence.',
        '',
      ].join('\n'),
      'src/page-readers/h.ts': "const title = 'Not a page of the buyer.';\n",
      'src/background/order-life/timing.ts':
        "const rule = { why: 'Once a minute, for developers.' };\n",
    };
    expect(hardCodedSentences(broken)).toEqual([
      'src/popup/a.tsx:1 "Your order is on its way."',
      'src/options/b.ts:1 "Token rejected: update it."',
      'src/background/c.ts:1 "Connected to X."',
      'src/ui/d.tsx:1 "Close this dialog"',
      'src/bulk/e.ts:1 "Nothing can be placed."',
      'src/background/f.ts:1 "must be a whole number."',
      'src/api/errors.ts:1 "The service refused."',
    ]);
  });
});
