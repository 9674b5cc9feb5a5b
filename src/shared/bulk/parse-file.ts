/**
 * Reads a bulk orders file with papaparse, in chunks and without a worker: each chunk
 * is handled, then parsing pauses for a turn of the event loop, so a 10,000-row file
 * never freezes the page. A file that cannot be read as orders gets one sentence and
 * no rows, so nothing from it is ever checked or sent.
 */
import Papa from 'papaparse';
import { t } from '../i18n.ts';
import { formatCount } from '../locale-format.ts';
import { type Column, ROW_CAP } from './columns.ts';
import { columnLetter, readHeader, sniffDelimiter } from './header.ts';
import type { InputRow } from './types.ts';

/** One row's trouble found while reading it (cell counts, quotes). */
export interface ReadRow extends InputRow {
  issues?: string[];
}

export type ParsedFile =
  | { ok: true; columns: Column[]; rows: ReadRow[] }
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

/** The file's refusals, in the browser's language (read when told, not when loaded). */
export const MESSAGES = {
  notCsv: (what: string) => t('bulk_fileNotCsv', what),
  get empty() {
    return t('bulk_fileEmpty');
  },
  get noRows() {
    return t('bulk_fileNoRows');
  },
  get overCap() {
    return t('bulk_fileOverCap', formatCount(ROW_CAP));
  },
  unreadable: (reason: string) => t('bulk_fileUnreadable', reason),
};

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

function extensionKind(name: string | undefined): string | undefined {
  const match = name ? NOT_CSV_EXTENSIONS.exec(name) : null;
  return match ? t('bulk_kindExtension', (match[1] ?? '').toLowerCase()) : undefined;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Parses a CSV file (a File or Blob in the page, a string in tests and tools) into
 * its data rows, numbered as a spreadsheet numbers them (the header is row 1).
 */
export async function parseOrdersFile(
  input: Blob | string,
  options: ParseOptions = {},
): Promise<ParsedFile> {
  const name = typeof input === 'string' ? options.name : ((input as File).name ?? options.name);
  const byName = extensionKind(name);
  if (byName) return { ok: false, message: MESSAGES.notCsv(byName) };
  let head: string;
  if (typeof input === 'string') {
    head = input.slice(0, 8192);
  } else {
    const bytes = new Uint8Array(await input.slice(0, 8192).arrayBuffer());
    const kind = binaryKind(bytes);
    if (kind) return { ok: false, message: MESSAGES.notCsv(kind) };
    head = new TextDecoder().decode(bytes);
  }
  if (typeof input === 'string' && head.includes('\u0000'))
    return { ok: false, message: MESSAGES.notCsv(t('bulk_kindBinary')) };
  if (head.replace(/^\uFEFF/, '').trim() === '') return { ok: false, message: MESSAGES.empty };
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
    const rows: ReadRow[] = [];
    let verdict: ParsedFile | undefined;
    const finish = (result: ParsedFile) => {
      verdict ??= result;
    };

    const take = (cells: string[], quoteProblem: boolean) => {
      recordNumber += 1;
      if (isBlank(cells) && !quoteProblem) return;
      if (!columns) {
        const header = readHeader(cells);
        if (!header.ok) return finish({ ok: false, message: header.message });
        columns = header.columns;
        return;
      }
      if (rows.length >= ROW_CAP) return finish({ ok: false, message: MESSAGES.overCap });
      rows.push(toRow(recordNumber, cells, columns, quoteProblem));
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
        if (verdict) {
          parser.abort();
          return;
        }
        options.onProgress?.(rows.length);
        // Give the page a turn before the next chunk.
        parser.pause();
        setTimeout(() => parser.resume(), 0);
      },
      complete() {
        if (verdict) return resolve(verdict);
        if (!columns) return resolve({ ok: false, message: MESSAGES.empty });
        if (rows.length === 0) return resolve({ ok: false, message: MESSAGES.noRows });
        resolve({
          ok: true,
          columns: columns.filter((column): column is Column => column !== null),
          rows,
        });
      },
      error(error: Error) {
        resolve({ ok: false, message: MESSAGES.unreadable(error.message) });
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
): ReadRow {
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
