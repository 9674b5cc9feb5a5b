/**
 * Order-wide values of a bulk order that take more than a cell: the default address,
 * client notes as an object, and max_price from its cell or from item prices and the
 * saved tolerance. Pure, and no zod.
 */
import { t } from '../i18n.ts';
import type { Settings } from '../settings.ts';
import { countValue, moneyCents } from './cell-values.ts';
import type { Column } from './columns.ts';
import type { Source } from './sources.ts';

/** The saved address used when a row gives none. */
export function defaultAddress(settings: Pick<Settings, 'addresses' | 'defaultAddressId'>) {
  return (
    settings.addresses.find((entry) => entry.id === settings.defaultAddressId) ??
    settings.addresses[0]
  );
}

/**
 * The order's max_price: its max_price cell, or else, when every row gives an
 * item_price, the goods plus the saved tolerance (the popup's guard, the same way).
 */
export function orderMaxPrice(
  rows: { row: number; cells: Partial<Record<Column, string>> }[],
  cell: { value: string; row: number } | undefined,
  settings: Pick<Settings, 'maxPriceTolerance'>,
  currency: string | undefined,
  problem: (row: number, column: string, message: string) => void,
): { cents?: number; source?: Source; fromTolerance?: boolean } {
  const amountSuch = (example: string) =>
    currency ? t('bulk_amountSuchIn', example, currency) : t('bulk_amountSuch', example);
  if (cell) {
    const cents = moneyCents(cell.value);
    const source = { row: cell.row, column: 'max_price' };
    if (cents === null || cents === undefined) {
      problem(cell.row, 'max_price', amountSuch('25.00'));
      return { source };
    }
    return { cents, source };
  }
  const priced = rows.filter((row) => (row.cells.item_price ?? '').trim() !== '');
  if (priced.length === 0) return {};
  let goods = 0;
  let ok = true;
  for (const { row, cells } of rows) {
    const price = moneyCents(cells.item_price);
    const quantity = countValue(cells.quantity) ?? 1;
    if (price === null) {
      problem(row, 'item_price', amountSuch('12.50'));
      ok = false;
    } else if (price === undefined) {
      problem(row, 'item_price', t('bulk_itemPriceMissing'));
      ok = false;
    } else if (typeof quantity === 'number') goods += price * quantity;
  }
  const source = { row: priced[0]?.row ?? 0, column: 'item_price' };
  if (!ok) return { source };
  const { percent, amountCents } = settings.maxPriceTolerance;
  return {
    cents: Math.ceil(goods * (1 + percent / 100)) + amountCents,
    source,
    fromTolerance: true,
  };
}
