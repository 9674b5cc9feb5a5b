/**
 * The first row of a bulk orders file: which column each cell names, or the one
 * sentence that says why the file cannot be read.
 */
import { t } from '../i18n.ts';
import { userLocale } from '../locale-format.ts';
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

/** "A and B", "A, B and C", as the browser's language joins a list. */
function listWords(items: string[]): string {
  return new Intl.ListFormat(userLocale(), { type: 'conjunction' }).format(items);
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
      message: t('bulk_noHeader'),
    };
  const unknown = named.filter(({ index }) => columns[index] === null);
  if (unknown.length > 0) {
    const names = unknown.map(({ cell, index }) =>
      t('bulk_unknownColumnName', cell.trim(), columnLetter(index)),
    );
    return {
      ok: false,
      message: t(
        unknown.length === 1 ? 'bulk_unknownColumn' : 'bulk_unknownColumns',
        listWords(names),
        COLUMNS.join(', '),
      ),
    };
  }
  const seen = new Map<Column, number>();
  for (const { index } of known) {
    const column = columns[index] as Column;
    const first = seen.get(column);
    if (first !== undefined)
      return {
        ok: false,
        message: t('bulk_columnTwice', column, columnLetter(first), columnLetter(index)),
      };
    seen.set(column, index);
  }
  const has = (column: Column) => seen.has(column);
  if (!has('product_url') && !has('product_id'))
    return {
      ok: false,
      message: t('bulk_noProductColumn'),
    };
  if (!has('product_url') && !has('retailer'))
    return {
      ok: false,
      message: t('bulk_noRetailerColumn'),
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
