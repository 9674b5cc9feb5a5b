/** React Server Components flight data: Next.js App Router pages' `self.__next_f.push([1, "…"])`. */
import { jsonAt, parseJson } from './page-text.ts';

const PUSH = 'self.__next_f.push(';

/** The text the pushes carry, joined in page order. */
function flightText(doc: Document): string {
  const chunks: string[] = [];
  // document.scripts is the browser's own list: no search of the whole page.
  for (const script of Array.from(doc.scripts ?? doc.querySelectorAll('script'))) {
    const source = script.textContent ?? '';
    if (!source.includes('__next_f')) continue;
    for (let at = source.indexOf(PUSH); at >= 0; at = source.indexOf(PUSH, at + 1)) {
      const open = source.indexOf('[', at + PUSH.length);
      if (open < 0 || source.slice(at + PUSH.length, open).trim() !== '') continue;
      const pushed = jsonAt(source, open);
      // [0] opens the stream and [2, …] carries form state: only [1, text] is data.
      if (Array.isArray(pushed) && pushed[0] === 1 && typeof pushed[1] === 'string')
        chunks.push(pushed[1]);
    }
  }
  return chunks.join('');
}

/**
 * Every JSON row of the flight data (`<id>:<json>`, or `<id>:<tag><json>` for module
 * and hint rows), and inside them every string that is itself a JSON object, such as
 * a JSON-LD block rendered by a server component.
 */
export function flight(doc: Document): unknown[] {
  const text = flightText(doc);
  if (text === '') return [];
  const rows: unknown[] = [];
  for (const line of text.split('\n')) {
    const match = /^[0-9a-f]+:([A-Z]{0,2})(.*)$/.exec(line);
    if (!match) continue;
    const value = parseJson(match[2]);
    if (value !== undefined) rows.push(value);
  }
  const nested: unknown[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 40) return;
    if (typeof value === 'string') {
      if (/^\s*\{[\s\S]*\}\s*$/.test(value) && value.includes('"')) {
        const parsed = parseJson(value);
        if (parsed !== undefined) nested.push(parsed);
      }
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const item of Object.values(value)) visit(item, depth + 1);
  };
  for (const row of rows) visit(row, 0);
  return [...rows, ...nested];
}
