/**
 * The first row of a bulk orders file: which column each cell names, or the one
 * sentence that says why the file cannot be read.
 */
import { COLUMNS, type Column, columnOf } from './columns.ts';

/** A, B, … Z, AA, AB: the column letter a spreadsheet shows. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

export type HeaderResult =
  | { ok: true; columns: (Column | null)[] }
  | { ok: false; message: string };

const quoted = (name: string) => `“${name.trim()}”`;

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Reads the header row. Empty header cells are allowed (spreadsheets often add them
 * at the end) and map to null; a value under one is a row problem, found later.
 */
export function readHeader(cells: string[]): HeaderResult {
  const named = cells.map((cell, index) => ({ cell, index })).filter(({ cell }) => cell.trim());
  const columns = cells.map((cell) => (cell.trim() ? (columnOf(cell) ?? null) : null));
  const known = named.filter(({ index }) => columns[index] !== null);
  if (known.length === 0)
    return {
      ok: false,
      message: `The file has no header row: its first row must name the columns, such as retailer,product_id,quantity (download the template to see them all).`,
    };
  const unknown = named.filter(({ index }) => columns[index] === null);
  if (unknown.length > 0) {
    const names = unknown.map(
      ({ cell, index }) => `${quoted(cell)} (column ${columnLetter(index)})`,
    );
    return {
      ok: false,
      message: `The file has ${unknown.length === 1 ? 'a column' : 'columns'} Buyline does not know: ${listWords(names)}. Rename ${unknown.length === 1 ? 'it' : 'them'} to one of ${COLUMNS.join(', ')}, or remove ${unknown.length === 1 ? 'it' : 'them'}.`,
    };
  }
  const seen = new Map<Column, number>();
  for (const { index } of known) {
    const column = columns[index] as Column;
    const first = seen.get(column);
    if (first !== undefined)
      return {
        ok: false,
        message: `The column ${column} appears twice (columns ${columnLetter(first)} and ${columnLetter(index)}): keep one of them.`,
      };
    seen.set(column, index);
  }
  const has = (column: Column) => seen.has(column);
  if (!has('product_url') && !has('product_id'))
    return {
      ok: false,
      message:
        'The file has no product_id or product_url column: give each row a product_url, or a retailer and a product_id.',
    };
  if (!has('product_url') && !has('retailer'))
    return {
      ok: false,
      message:
        'The file has no retailer column: give each row a retailer (such as amazon) beside its product_id, or use product_url instead.',
    };
  return { ok: true, columns };
}

/** The delimiter of a file, from its first line: comma, semicolon or tab. */
export function sniffDelimiter(text: string): ',' | ';' | '\t' {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? '';
  const outside = firstLine.replace(/"[^"]*"/g, '');
  const count = (mark: string) => outside.split(mark).length - 1;
  const counts = { ',': count(','), ';': count(';'), '\t': count('\t') } as const;
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}
