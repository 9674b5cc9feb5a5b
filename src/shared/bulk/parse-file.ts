/**
 * Reads a bulk orders file with papaparse in chunks, pausing a turn of the event loop
 * after each, so a 10,000-row file never freezes the page. A file that cannot be read as
 * orders gets one sentence and no rows, so nothing from it is ever checked or sent.
 */
import Papa from 'papaparse';
import { type MessageKey, type Substitution, t } from '../i18n.ts';
import { formatCount, userLocale } from '../locale-format.ts';
import { COLUMNS, type Column, columnOf, ROW_CAP } from './columns.ts';
import type { SentRow } from './messages.ts';

export type ParsedFile =
  | { ok: true; columns: Column[]; rows: SentRow[] }
  | { ok: false; message: string };

export interface ParseOptions {
  /** The file name, when the input is a string (a File carries its own). */
  name?: string;
  /** Told the number of data rows read so far, after each chunk. */
  onProgress?: (rows: number) => void;
  /** Bytes per chunk; small in tests to exercise the streaming. */
  chunkSize?: number;
}

const NOT_CSV_EXTENSIONS =
  /\.(xlsx|xlsm|xls|ods|numbers|json|pdf|zip|docx?|txt\.gz|gz|xml|html?)$/i;
const CHUNK_BYTES = 256 * 1024;

const refuse = (key: MessageKey, ...substitutions: Substitution[]) => ({
  ok: false as const,
  message: t(key, ...substitutions),
});

/** A, B, … Z, AA, AB: the column letter a spreadsheet shows. */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** The header row's columns; an empty cell (spreadsheets add them) maps to null. */
function readHeader(cells: string[]): (Column | null)[] | ReturnType<typeof refuse> {
  const named = cells.map((cell, index) => ({ cell, index })).filter(({ cell }) => cell.trim());
  const columns = cells.map((cell) => (cell.trim() ? (columnOf(cell) ?? null) : null));
  const known = named.filter(({ index }) => columns[index] !== null);
  if (known.length === 0) return refuse('bulk_noHeader');
  const unknown = named.filter(({ index }) => columns[index] === null);
  if (unknown.length > 0) {
    const names = unknown.map(({ cell, index }) =>
      t('bulk_unknownColumnName', cell.trim(), columnLetter(index)),
    );
    // "A and B", "A, B and C", as the browser's language joins a list.
    const list = new Intl.ListFormat(userLocale(), { type: 'conjunction' }).format(names);
    const key = unknown.length === 1 ? 'bulk_unknownColumn' : 'bulk_unknownColumns';
    return refuse(key, list, COLUMNS.join(', '));
  }
  const seen = new Map<Column, number>();
  for (const { index } of known) {
    const column = columns[index] as Column;
    const first = seen.get(column);
    if (first !== undefined)
      return refuse('bulk_columnTwice', column, columnLetter(first), columnLetter(index));
    seen.set(column, index);
  }
  if (!seen.has('product_url') && !seen.has('product_id')) return refuse('bulk_noProductColumn');
  if (!seen.has('product_url') && !seen.has('retailer')) return refuse('bulk_noRetailerColumn');
  return columns;
}

/** The delimiter of a file, from its first line: comma, semicolon or tab. */
function sniffDelimiter(text: string): ',' | ';' | '\t' {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? '';
  const outside = firstLine.replace(/"[^"]*"/g, '');
  const count = (mark: string) => outside.split(mark).length - 1;
  const counts = { ',': count(','), ';': count(';'), '\t': count('\t') } as const;
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

/** What a file's first bytes say it is, when that is not text. */
function binaryKind(bytes: Uint8Array): string | undefined {
  const starts = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return t('bulk_kindZip');
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return t('bulk_kindExcel');
  if (starts(0x25, 0x50, 0x44, 0x46)) return t('bulk_kindPdf');
  if (starts(0x1f, 0x8b)) return t('bulk_kindCompressed');
  const sample = bytes.subarray(0, 4096);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return t('bulk_kindBinary');
    if (byte < 9 || (byte > 13 && byte < 32)) control += 1;
  }
  return control > sample.length / 20 ? t('bulk_kindBinary') : undefined;
}

/** A CSV file's data rows (from a Blob, or a string in tests), numbered as a spreadsheet does. */
export async function parseOrdersFile(
  input: Blob | string,
  options: ParseOptions = {},
): Promise<ParsedFile> {
  const name = typeof input === 'string' ? options.name : ((input as File).name ?? options.name);
  const extension = name && NOT_CSV_EXTENSIONS.exec(name)?.[1]?.toLowerCase();
  if (extension) return refuse('bulk_fileNotCsv', t('bulk_kindExtension', extension));
  let head = typeof input === 'string' ? input.slice(0, 8192) : '';
  if (typeof input !== 'string') {
    const bytes = new Uint8Array(await input.slice(0, 8192).arrayBuffer());
    const kind = binaryKind(bytes);
    if (kind) return refuse('bulk_fileNotCsv', kind);
    head = new TextDecoder().decode(bytes);
  } else if (head.includes('\u0000')) return refuse('bulk_fileNotCsv', t('bulk_kindBinary'));
  if (head.replace(/^\uFEFF/, '').trim() === '') return refuse('bulk_fileEmpty');
  return stream(input, sniffDelimiter(head), options);
}

function stream(
  input: Blob | string,
  delimiter: string,
  options: ParseOptions,
): Promise<ParsedFile> {
  return new Promise((resolve) => {
    let recordNumber = 0;
    let columns: (Column | null)[] | undefined;
    const rows: SentRow[] = [];
    /** The file's refusal, once found: nothing more is read. */
    let verdict: ParsedFile | undefined;
    const take = (cells: string[], quoteProblem: boolean) => {
      recordNumber += 1;
      if (cells.every((cell) => cell.trim() === '') && !quoteProblem) return;
      if (!columns) {
        const header = readHeader(cells);
        if (Array.isArray(header)) columns = header;
        else verdict = header;
      } else if (rows.length >= ROW_CAP) verdict = refuse('bulk_fileOverCap', formatCount(ROW_CAP));
      else rows.push(toRow(recordNumber, cells, columns, quoteProblem));
    };

    const config: Papa.ParseLocalConfig<string[], File> = {
      delimiter,
      header: false,
      skipEmptyLines: false,
      chunkSize: options.chunkSize ?? CHUNK_BYTES,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        const quoteRows = new Set(
          results.errors.filter((error) => error.type === 'Quotes').map((error) => error.row),
        );
        results.data.forEach((cells, index) => {
          if (!verdict) take(cells, quoteRows.has(index));
        });
        if (verdict) return parser.abort();
        options.onProgress?.(rows.length);
        // Give the page a turn before the next chunk.
        parser.pause();
        setTimeout(() => parser.resume(), 0);
      },
      complete() {
        if (verdict) return resolve(verdict);
        if (!columns) return resolve(refuse('bulk_fileEmpty'));
        if (rows.length === 0) return resolve(refuse('bulk_fileNoRows'));
        resolve({
          ok: true,
          columns: columns.filter((column): column is Column => column !== null),
          rows,
        });
      },
      error(error: Error) {
        resolve(refuse('bulk_fileUnreadable', error.message));
      },
    };
    // A string is streamed in chunks the same way (papaparse's StringStreamer), though
    // its types only promise that for files.
    Papa.parse(input as File, config as Papa.ParseLocalConfig<string[], File>);
  });
}

function toRow(
  row: number,
  cells: string[],
  columns: (Column | null)[],
  quoteProblem: boolean,
): SentRow {
  const issues: string[] = [];
  const values: Partial<Record<Column, string>> = {};
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (column) values[column] = cell;
    else if (cell.trim() !== '' && index < columns.length)
      issues.push(t('bulk_cellNoColumn', columnLetter(index)));
  });
  if (cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim()))
    issues.push(t('bulk_tooManyCells', formatCount(cells.length), formatCount(columns.length)));
  if (quoteProblem) issues.push(t('bulk_openQuote'));
  return issues.length > 0 ? { row, cells: values, issues } : { row, cells: values };
}
