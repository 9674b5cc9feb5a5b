import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLUMNS, ROW_CAP } from '../../../src/shared/bulk/columns.ts';
import { groupOrders } from '../../../src/shared/bulk/group-orders.ts';
import { parseOrdersFile } from '../../../src/shared/bulk/parse-file.ts';
import { templateCsv } from '../../../src/shared/bulk/template.ts';
import { t } from '../../../src/shared/i18n.ts';

const fixture = (name: string) => readFileSync(`test/fixtures/bulk/${name}`, 'utf8');

async function rowsOf(text: string, options = {}) {
  const parsed = await parseOrdersFile(text, { name: 'orders.csv', ...options });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed;
}

async function refusal(text: string, name = 'orders.csv'): Promise<string> {
  const parsed = await parseOrdersFile(text, { name });
  if (parsed.ok) throw new Error('expected the file to be refused');
  return parsed.message;
}

describe('reading a good file', () => {
  it('numbers rows as a spreadsheet does, keeps quoted commas and line breaks in one cell', async () => {
    const parsed = await rowsOf(fixture('orders.csv'));
    expect(parsed.columns).toContain('order_key');
    expect(parsed.rows.map((row) => row.row)).toEqual([2, 3, 4]);
    expect(parsed.rows[1]?.cells).toMatchObject({
      order_key: 'A-2',
      product_url: 'https://www.amazon.com/dp/B0PLACES01',
      instructions: 'Leave at the door, please',
      gift_message: 'Happy birthday!\nLove, Ann',
      client_notes: '{"store_ref": "1002"}',
    });
    expect(parsed.rows.every((row) => row.issues === undefined)).toBe(true);
  });

  it('skips blank lines but keeps counting them, so row numbers match the spreadsheet', async () => {
    const parsed = await rowsOf('retailer,product_id\n\namazon,B0PLACES01\n,\namazon,B0HANDLING\n');
    expect(parsed.rows.map((row) => [row.row, row.cells.product_id])).toEqual([
      [3, 'B0PLACES01'],
      [5, 'B0HANDLING'],
    ]);
  });

  it('reads semicolon- and tab-separated files, a byte order mark, and other names of columns', async () => {
    const semi = await rowsOf(fixture('semicolons.csv'));
    expect(semi.rows[1]?.cells).toEqual({
      retailer: 'amazon',
      product_id: 'B0PLACES01',
      quantity: '2',
      max_price: '50,00',
    });
    const tabs = await rowsOf(
      '\uFEFFRetailer\tProduct ID\tQty\tZIP\namazon\tB0PLACES01\t3\t02139\n',
    );
    expect(tabs.columns).toEqual(['retailer', 'product_id', 'quantity', 'zip_code']);
    expect(tabs.rows[0]?.cells).toMatchObject({ quantity: '3', zip_code: '02139' });
  });

  it('reads the template it offers, with every column', async () => {
    const parsed = await rowsOf(templateCsv());
    expect(parsed.columns).toEqual([...COLUMNS]);
    expect(groupOrders(parsed.rows).map((order) => order.rows.length)).toEqual([1, 2, 1]);
  });

  it('streams in chunks, telling progress after each', async () => {
    const lines = ['retailer,product_id,quantity'];
    for (let i = 0; i < 500; i++) lines.push(`amazon,B0PLACES01,${(i % 9) + 1}`);
    const progress: number[] = [];
    const parsed = await rowsOf(lines.join('\n'), {
      chunkSize: 1024,
      onProgress: (rows: number) => progress.push(rows),
    });
    expect(parsed.rows).toHaveLength(500);
    expect(parsed.rows[499]).toEqual({
      row: 501,
      cells: { retailer: 'amazon', product_id: 'B0PLACES01', quantity: '5' },
    });
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.at(-1)).toBe(500);
  });

  it(`takes exactly ${ROW_CAP} rows`, async () => {
    const text = `retailer,product_id\n${'amazon,B0PLACES01\n'.repeat(ROW_CAP)}`;
    expect((await rowsOf(text)).rows).toHaveLength(ROW_CAP);
  });
});

describe('rows that cannot be read as they are', () => {
  it('flags extra cells, a value under a column with no name, and an unclosed quote', async () => {
    const parsed = await rowsOf(
      'retailer,product_id,,quantity\namazon,B0PLACES01,,1,extra\namazon,B0PLACES01,oops,1\namazon,"B0PLACES01,1\n',
    );
    expect(parsed.rows.map((row) => [row.row, row.issues])).toEqual([
      [
        2,
        [
          'has 5 cells where the header has 4: look for an extra comma, or put text that contains commas in double quotes.',
        ],
      ],
      [
        3,
        [
          'has a value in column C, which has no name in the header: name the column or remove the value.',
        ],
      ],
      [4, ['has a double quote that is never closed: close it, or remove the quote.']],
    ]);
  });
});

describe('files refused whole, with one sentence', () => {
  it('a spreadsheet workbook or other non-CSV file, by its name', async () => {
    expect(await refusal('anything', 'orders.xlsx')).toBe(t('bulk_fileNotCsv', 'a .xlsx file'));
    expect(await refusal('{"orders": []}', 'orders.json')).toBe(
      t('bulk_fileNotCsv', 'a .json file'),
    );
  });

  it('a file whose bytes are not text, whatever its name', async () => {
    const zip = new Blob([readFileSync('test/fixtures/bulk/workbook-renamed.csv')]);
    const parsed = await parseOrdersFile(zip, { name: 'workbook-renamed.csv' });
    expect(parsed).toEqual({
      ok: false,
      message: t('bulk_fileNotCsv', 'a spreadsheet workbook or a zip archive'),
    });
    const pdf = await parseOrdersFile(new Blob(['%PDF-1.7 …']), { name: 'orders.csv' });
    expect(pdf).toEqual({ ok: false, message: t('bulk_fileNotCsv', 'a PDF document') });
    expect(await refusal('retailer,product_id\n\u0000\u0001amazon')).toBe(
      t('bulk_fileNotCsv', 'a binary file'),
    );
  });

  it('an empty file, and a file with a header but no rows', async () => {
    expect(await refusal(fixture('empty.csv'))).toBe(t('bulk_fileEmpty'));
    expect(await refusal(' \r\n\r\n')).toBe(t('bulk_fileEmpty'));
    expect(await refusal('retailer,product_id,quantity\r\n\r\n')).toBe(t('bulk_fileNoRows'));
  });

  it('a file without a header row', async () => {
    expect(await refusal(fixture('no-header.csv'))).toBe(
      'The file has no header row: its first row must name the columns, such as retailer,product_id,quantity (download the template to see them all).',
    );
  });

  it('an unknown column, named with its column letter', async () => {
    expect(await refusal(fixture('unknown-column.csv'))).toBe(
      'The file has a column Buyline does not know: “colour” (column D). Rename it to one of order_key, retailer, product_url, product_id, quantity, max_price, item_price, first_name, last_name, address_line1, address_line2, zip_code, city, state, country, phone_number, instructions, shipping_method, is_gift, gift_message, client_notes, or remove it.',
    );
    expect(await refusal('retailer,product_id,Colour,Size\namazon,B0PLACES01,red,L\n')).toMatch(
      /^The file has columns Buyline does not know: “Colour” \(column C\) and “Size” \(column D\)\./,
    );
  });

  it('a column given twice, and a file without a way to name the product or retailer', async () => {
    expect(await refusal('retailer,product_id,asin\namazon,B0PLACES01,B0PLACES01\n')).toBe(
      'The column product_id appears twice (columns B and C): keep one of them.',
    );
    expect(await refusal('retailer,quantity\namazon,1\n')).toBe(
      'The file has no product_id or product_url column: give each row a product_url, or a retailer and a product_id.',
    );
    expect(await refusal('product_id,quantity\nB0PLACES01,1\n')).toBe(
      'The file has no retailer column: give each row a retailer (such as amazon) beside its product_id, or use product_url instead.',
    );
  });

  it(`more than ${ROW_CAP} rows`, async () => {
    const text = `retailer,product_id\n${'amazon,B0PLACES01\n'.repeat(ROW_CAP + 1)}`;
    expect(await refusal(text)).toBe(
      'The file has more than 10,000 rows: split it into files of at most 10,000 rows each.',
    );
  });
});

describe('orders of several rows', () => {
  it('puts rows with the same order_key in one order, in the order they first appear', () => {
    const row = (n: number, key = '') => ({ row: n, cells: { order_key: key } });
    const orders = groupOrders([row(2, 'A'), row(3), row(4, ' B '), row(5, 'A'), row(6, 'B')]);
    expect(orders.map((order) => [order.key, order.rows.map((r) => r.row)])).toEqual([
      ['A', [2, 5]],
      [undefined, [3]],
      ['B', [4, 6]],
    ]);
  });
});
