/** Settings, a good row and the check's words, shared by the row-checking tests. */

import { addressSchema } from '../../../src/api/schemas/address.ts';
import { type BatchContext, checkOrder } from '../../../src/background/bulk/check-orders.ts';
import type { Column } from '../../../src/shared/bulk/columns.ts';
import { problemText } from '../../../src/shared/bulk/sources.ts';
import { defaultSettings, type Settings } from '../../../src/shared/settings.ts';
import { ADDRESS } from '../../fixtures.ts';

export type Cells = Partial<Record<Column, string>>;

export const HOME = { id: 'home', label: 'Home', address: { ...ADDRESS, city: 'Somerville' } };
export const withHome = (patch: Partial<Settings> = {}): Settings => ({
  ...defaultSettings(),
  addresses: [HOME],
  defaultAddressId: 'home',
  ...patch,
});

export const managed = (settings = withHome()): BatchContext => ({
  settings,
  options: { mode: 'managed' },
});

export const GOOD: Cells = {
  retailer: 'amazon',
  product_id: 'B0PLACES01',
  quantity: '1',
  max_price: '25.00',
  first_name: 'Jane',
  last_name: 'Doe',
  address_line1: '1 Main St',
  zip_code: '02139',
  city: 'Cambridge',
  state: 'MA',
  country: 'US',
  phone_number: '6175550100',
  shipping_method: 'fastest',
  is_gift: 'no',
};

export function check(rows: Cells[], context = managed(), firstRow = 2) {
  const key = rows.length > 1 ? 'K1' : undefined;
  return checkOrder(
    { ...(key ? { key } : {}), rows: rows.map((cells, i) => ({ row: firstRow + i, cells })) },
    context,
  );
}

/** The problems of one order as the page shows them. */
export const words = (rows: Cells[], context = managed(), firstRow = 2) =>
  check(rows, context, firstRow).problems.map(problemText);

/**
 * What the address schema itself says of a field of `cells`' address: a bad address
 * cell must be told in the schema's own words (the one check), at its row and column.
 */
export function schemaSays(field: string, cells: Cells): string {
  const address = Object.fromEntries(
    [
      'first_name',
      'last_name',
      'address_line1',
      'zip_code',
      'city',
      'state',
      'country',
      'phone_number',
    ]
      .map((key) => [key, cells[key as Column] ?? ''])
      .filter(([, value]) => value !== ''),
  );
  const checked = addressSchema.safeParse(address);
  const issue = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === field);
  if (!issue) throw new Error(`the address schema finds nothing wrong with ${field}`);
  return issue.message;
}
