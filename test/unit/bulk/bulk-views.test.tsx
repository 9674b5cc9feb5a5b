// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { rowLife } from '../../../src/background/order-life/bulk-life.ts';
import { toFailure } from '../../../src/background/order-life/life-change.ts';
import { BatchOrders } from '../../../src/bulk/batch-orders.tsx';
import { DryRunView } from '../../../src/bulk/dry-run.tsx';
import type { BatchOrderView, BatchState, CheckedOrder } from '../../../src/shared/bulk/types.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { type Connector, ConnectorContext } from '../../../src/ui/connector.ts';
import { orderRecord } from '../background/fixtures.ts';

// The Bulk orders page's views, given what the background sends: the review before
// "Place", and the rows of a batch with the words and actions each row was given.

afterEach(cleanup);

const ready = (rows: number[], patch: Partial<CheckedOrder> = {}): CheckedOrder => ({
  rows,
  problems: [],
  defaults: [],
  retailer: 'amazon',
  products: [{ productId: 'B0PLACES01', quantity: 1 }],
  maxPrice: 4_000,
  currency: 'USD',
  shipTo: 'Ada Lovelace',
  ...patch,
});

describe('the review before "Place"', () => {
  const run = {
    checked: [
      ready([2]),
      ready([3], {
        products: [
          { productId: 'B0PLACES01', quantity: 2 },
          { productId: 'B0OTHER001', quantity: 1 },
        ],
        maxPrice: 12_550,
        shipTo: 'Grace Hopper',
      }),
      ready([4], { problems: [{ row: 4, column: 'quantity', message: 'must be 1 or more.' }] }),
    ],
    total: 3,
    done: true,
    batchProblems: [],
  };

  it('lists each order to place: items, quantities, ship-to name and maximum price', () => {
    render(<DryRunView run={run} rowCount={3} />);
    const table = screen.getByRole('table', { name: 'Orders to place' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'RowsItemsShip toMaximum price',
      '2B0PLACES01 × 1Ada Lovelace$40.00',
      '3B0PLACES01 × 2, B0OTHER001 × 1Grace Hopper$125.50',
    ]);
  });

  it('gives the total of the maximum prices of the orders it would place', () => {
    render(<DryRunView run={run} rowCount={3} />);
    expect(
      screen.getByText(
        'At most $165.50 in all for these 2 orders: the sum of their maximum prices.',
      ),
    ).toBeTruthy();
    // The count it always said stays beside it.
    expect(
      screen.getByText('3 rows make 3 orders: 2 ready to place, 1 with problems.'),
    ).toBeTruthy();
  });

  it('says nothing to review while the check runs', () => {
    render(<DryRunView run={{ ...run, done: false }} rowCount={3} />);
    expect(screen.queryByRole('table', { name: 'Orders to place' })).toBeNull();
  });
});

/** A row as the background sends it, its life answered by bulk-life.ts. */
function shown(
  record: OrderRecord | undefined,
  patch: Partial<BatchOrderView> = {},
  batch: BatchState = 'running',
): BatchOrderView {
  const status = patch.status ?? 'handed';
  return {
    index: 0,
    rows: [2],
    status,
    localId: crypto.randomUUID(),
    lines: [{ row: 2, cells: { product_id: 'B0PLACES01', quantity: '2' } }],
    merchantOrderIds: record?.merchantOrderIds ?? [],
    tracking: [],
    ...(record ? { state: record.state } : {}),
    ...(record?.requestId ? { requestId: record.requestId } : {}),
    ...patch,
    life: rowLife({ status, ...patch }, record, batch),
  };
}

const failedWith = (code: string) =>
  orderRecord({ state: 'failed', failure: toFailure(code, 'the service said so') });

describe('the rows of a batch', () => {
  it('puts merchant order numbers before internal ids, which wait in the details', async () => {
    const requestId = '0123456789abcdef0123456789abcdef';
    const placed = orderRecord({ state: 'placed', requestId, merchantOrderIds: ['112-7654321'] });
    render(<BatchOrders batchId="b" orders={[shown(placed)]} />);
    const table = screen.getByRole('table', { name: 'Orders of the batch' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual([
      'Rows',
      'Products',
      'Status',
      'Shipments',
      'Tracking',
      'Problems',
      'Actions',
    ]);
    expect(within(table).getByText('112-7654321')).toBeTruthy();
    const details = within(table).getByText('Details').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(table.textContent).not.toContain(requestId);
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await within(details).findByText(`Service reference: ${requestId}`)).toBeTruthy();
  });

  it('says the tally’s word on each row, and what more its order’s state says', () => {
    const held = shown(orderRecord({ state: 'held' }));
    const sending = shown(orderRecord({ state: 'processing' }));
    render(<BatchOrders batchId="b" orders={[held, sending]} />);
    expect(screen.getByText('Held: sent when its hold ends; can still be taken back')).toBeTruthy();
    expect(screen.getByText('Being placed')).toBeTruthy();
  });

  it('tells a cancelled row as cancelled, not in red under Problems', () => {
    const rows = [
      shown(undefined, { status: 'cancelled' }, 'stopped'),
      shown(undefined, { status: 'handed' }, 'stopped'),
    ];
    render(<BatchOrders batchId="b" orders={rows} />);
    expect(screen.getByText('Cancelled: with the rest, never sent')).toBeTruthy();
    expect(screen.getByText('Cancelled: taken back in its hold, never sent')).toBeTruthy();
    expect(document.querySelectorAll('td.problems.error')).toHaveLength(0);
  });

  it('offers no "Fix and place again" for an order failed with order_probably_placed', () => {
    const maybe = shown(failedWith('order_probably_placed'));
    expect(maybe.life.retry).toBe(false);
    render(<BatchOrders batchId="b" orders={[maybe]} />);
    expect(screen.queryByRole('button', { name: 'Fix and place again' })).toBeNull();
    expect(document.querySelector('td.problems.error')?.textContent).toMatch(/probably placed/i);
  });

  it('offers "Fix and place again" for an order that failed otherwise, and opens the form', () => {
    const connector: Connector = {
      call: () => Promise.reject(new Error('not asked here')),
      subscribe: () => () => undefined,
    };
    render(
      <ConnectorContext.Provider value={connector}>
        <BatchOrders batchId="b" orders={[shown(failedWith('product_unavailable'))]} />
      </ConnectorContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fix and place again' }));
    expect(screen.getByRole('form', { name: 'Fix row 2' })).toBeTruthy();
  });
});
