import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistoryDb } from '../../../../src/background/history/db.ts';
import { exportHistoryCsv, exportHistoryJson } from '../../../../src/background/history/export.ts';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import { csvCell } from '../../../../src/shared/bulk/csv-write.ts';
import { orderRecord } from '../fixtures.ts';
import { freshStore } from './open-store.ts';
import { expectNoSecrets, MASKED_CARD, secretRequest } from './secrets.ts';

let store: HistoryStore;
let name: string;
let factory: IDBFactory;

beforeEach(async () => {
  ({ store, name, factory } = await freshStore());
});

afterEach(() => store.close());

const HEADER = [
  'created',
  'local_id',
  'request_id',
  'retailer',
  'state',
  'product_ids',
  'total',
  'currency',
  'merchant_order_ids',
  'tracking_count',
  'failure_code',
  'cancelled_merchant_order_ids',
  'cancellations',
];

/** An RFC 4180 reader, strict enough to fail on a badly quoted file. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
        expect([',', '\r']).toContain(text[i + 1]);
      } else cell += char;
    } else if (char === '"') {
      expect(cell).toBe('');
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r') {
      expect(text[i + 1]).toBe('\n');
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      expect(char).not.toBe('\n');
      cell += char;
    }
  }
  return rows;
}

describe('exportHistoryCsv', () => {
  it('writes a header and one row per order, newest first, with CRLF line ends', async () => {
    await store.addOrder(
      orderRecord({
        localId: 'older',
        requestId: 'req-old',
        createdAt: Date.UTC(2025, 0, 2, 3, 4, 5),
        state: 'failed',
        failure: { code: 'max_price_exceeded', message: '', title: 't', fix: 'f' },
      }),
    );
    await store.addOrder(
      orderRecord({
        localId: 'newer',
        requestId: 'req-new',
        createdAt: Date.UTC(2025, 5, 1),
        retailer: 'walmart',
        state: 'placed',
        productIds: ['111', '222'],
        total: 1999,
        currency: 'USD',
        merchantOrderIds: ['M-1', 'M-2'],
        trackingCount: 2,
      }),
    );
    const csv = await exportHistoryCsv(store);
    expect(csv.split('\r\n')).toHaveLength(4);
    expect(parseCsv(csv)).toEqual([
      HEADER,
      [
        '2025-06-01T00:00:00.000Z',
        'newer',
        'req-new',
        'walmart',
        'placed',
        '111 222',
        '19.99',
        'USD',
        'M-1 M-2',
        '2',
        '',
        '',
        '',
      ],
      [
        '2025-01-02T03:04:05.000Z',
        'older',
        'req-old',
        'amazon',
        'failed',
        'B0TEST0001',
        '',
        '',
        '',
        '0',
        'max_price_exceeded',
        '',
        '',
      ],
    ]);
  });

  it('says when an order was cancelled, wholly or partly, and how each cancellation went', async () => {
    const cancellation = (localId: string, orderLocalId: string, merchantOrderId: string) => ({
      localId,
      orderLocalId,
      orderRequestId: 'req',
      merchantOrderId,
      idempotencyKey: localId,
      createdAt: 2_000_000,
      updatedAt: 2_000_000,
      state: 'sending' as const,
      schedule: { nextAt: 0, attempts: 0, count: 0 },
    });
    await store.addOrder(
      orderRecord({
        localId: 'whole',
        createdAt: 2,
        state: 'cancelled',
        merchantOrderIds: ['M-1'],
        cancelledMerchantOrderIds: ['M-1'],
      }),
    );
    await store.addOrder(
      orderRecord({
        localId: 'part',
        createdAt: 1,
        state: 'partly_cancelled',
        merchantOrderIds: ['M-2', 'M-3', 'M-4'],
        cancelledMerchantOrderIds: ['M-2'],
      }),
    );
    await store.addCancellation(cancellation('c1', 'whole', 'M-1'));
    await store.updateCancellation('c1', (c) => ({ ...c, state: 'cancelled' }));
    await store.addCancellation(cancellation('c2', 'part', 'M-2'));
    await store.updateCancellation('c2', (c) => ({ ...c, state: 'cancelled' }));
    await store.addCancellation({ ...cancellation('c3', 'part', 'M-3'), createdAt: 2_000_001 });
    await store.updateCancellation('c3', (c) => ({ ...c, state: 'failed' }));
    const rows = parseCsv(await exportHistoryCsv(store)).map((row) => [
      row[1],
      row[4],
      row[11],
      row[12],
    ]);
    expect(rows).toEqual([
      ['local_id', 'state', 'cancelled_merchant_order_ids', 'cancellations'],
      ['whole', 'cancelled', 'M-1', 'M-1: cancelled'],
      ['part', 'partly_cancelled', 'M-2', 'M-2: cancelled; M-3: failed'],
    ]);
    const json = JSON.parse(await exportHistoryJson(store));
    expect(
      json.orders.map(
        (order: { localId: string; state: string; cancelledMerchantOrderIds: string[] }) => [
          order.localId,
          order.state,
          order.cancelledMerchantOrderIds,
        ],
      ),
    ).toEqual([
      ['whole', 'cancelled', ['M-1']],
      ['part', 'partly_cancelled', ['M-2']],
    ]);
  });

  it('formats totals as money with two decimals', async () => {
    await store.addOrder(orderRecord({ localId: 'a', createdAt: 3, total: 5 }));
    await store.addOrder(orderRecord({ localId: 'b', createdAt: 2, total: 120_000 }));
    await store.addOrder(orderRecord({ localId: 'c', createdAt: 1, total: 0 }));
    const totals = parseCsv(await exportHistoryCsv(store))
      .slice(1)
      .map((row) => row[6]);
    expect(totals).toEqual(['0.05', '1200.00', '0.00']);
  });

  it('quotes commas, quotes and line breaks, and reads back exactly', async () => {
    await store.addOrder(
      orderRecord({
        localId: 'x',
        productIds: ['A,B', 'say "hi"', 'two\nlines'],
        merchantOrderIds: ['M\r\n1'],
      }),
    );
    const csv = await exportHistoryCsv(store);
    expect(csv).toContain('"A,B say ""hi"" two\nlines"');
    const [, row] = parseCsv(csv);
    expect(row?.[5]).toBe('A,B say "hi" two\nlines');
    expect(row?.[8]).toBe('M\r\n1');
  });

  it('defuses cells a spreadsheet would run as formulas', async () => {
    await store.addOrder(
      orderRecord({
        localId: '@SUM(A1)',
        requestId: '+cmd',
        retailer: '-2+3',
        productIds: ['=HYPERLINK("http://x","y")'],
      }),
    );
    const [, row] = parseCsv(await exportHistoryCsv(store));
    expect(row?.slice(1, 4)).toEqual(["'@SUM(A1)", "'+cmd", "'-2+3"]);
    expect(row?.[5]).toBe(`'=HYPERLINK("http://x","y")`);
  });
});

describe('csvCell', () => {
  it('leaves plain text alone and quotes by RFC 4180', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('prefixes every formula trigger with a quote, and quotes the result when needed', () => {
    for (const trigger of ['=', '+', '-', '@']) expect(csvCell(`${trigger}1`)).toBe(`'${trigger}1`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('exportHistoryJson', () => {
  it('exports each order with its cancellations and events, as pretty JSON', async () => {
    await store.addOrder(orderRecord({ state: 'placed' }));
    await store.addOrder(orderRecord({ localId: 'other', createdAt: 5 }));
    await store.addCancellation({
      localId: 'c1',
      orderLocalId: 'local-1',
      orderRequestId: 'req-1',
      merchantOrderId: 'M-1',
      idempotencyKey: 'ck',
      createdAt: 2_000_000,
      updatedAt: 2_000_000,
      state: 'sending',
      schedule: { nextAt: 0, attempts: 0, count: 0 },
    });
    const json = await exportHistoryJson(store);
    expect(json).toContain('\n  "orders": [\n');
    const document = JSON.parse(json);
    expect(Number.isNaN(Date.parse(document.exported_at))).toBe(false);
    expect(document.orders.map((order: { localId: string }) => order.localId)).toEqual([
      'local-1',
      'other',
    ]);
    const [first, second] = document.orders;
    expect(first).toMatchObject({ ...orderRecord({ state: 'placed' }) });
    expect(first.cancellations.map((c: { localId: string }) => c.localId)).toEqual(['c1']);
    expect(first.events.map((e: { to: string }) => e.to)).toEqual(['placed', 'sending']);
    expect(second.cancellations).toEqual([]);
    expect(second.events).toHaveLength(1);
  });

  it('redacts secrets even in records written past the store', async () => {
    const db = await openHistoryDb(name, factory);
    await db.put('orders', orderRecord({ request: secretRequest() }));
    db.close();
    const json = await exportHistoryJson(store);
    expectNoSecrets(json);
    expect(json).toContain(MASKED_CARD);
    expect(json).toContain('jane@example.com');
  });

  it('leaves the webhook addresses sent with an order out of the file, naming which were set', async () => {
    const hook = 'https://hooks.example.com/buyline/s3cr3t-path?key=k3y';
    const request = { ...secretRequest(), webhooks: { request_succeeded: hook } };
    await store.addOrder(orderRecord({ localId: 'hooked', request }));
    const json = await exportHistoryJson(store);
    expect(json).not.toContain('s3cr3t-path');
    expect(json).not.toContain('hooks.example.com');
    const [order] = JSON.parse(json).orders;
    expect(order.request.webhooks).toEqual({ request_succeeded: '[redacted]' });
  });
});
