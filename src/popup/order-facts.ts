/**
 * What tells one order's line from another's, wherever orders are listed (the Orders
 * list, the first screen's orders you can cancel): the store with its order number,
 * quantity, total and time, made exact where two lines would read the same.
 */
import { t } from '../shared/i18n.ts';
import type { OrderView } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { moment, momentExact } from '../ui/formats.ts';
import { quantityOf } from './order-items.ts';
import { totalOf } from './order-parts.tsx';

/**
 * What tells an order's line apart from the others: its storefront with the retailer's
 * order number, quantity, total and time to the minute; `exact` adds the seconds, and
 * `alike` numbers lines that would still read the same ("2 of 3 alike").
 */
export function factsOf(order: OrderView, exact = false): string[] {
  const quantity = quantityOf(order);
  const store = retailerName(order.retailer);
  const at = exact ? momentExact(order.createdAt) : moment(order.createdAt);
  return [
    order.merchantOrderIds.length > 0 ? `${store} ${order.merchantOrderIds.join(', ')}` : store,
    quantity !== undefined ? t('popup_quantityShort', quantity) : '',
    totalOf(order) ?? '—',
    at ?? t('popup_dateUnknown'),
  ].filter(Boolean);
}

/** Each order's facts, made exact where two lines would read the same to the character. */
export function distinctFacts(orders: readonly OrderView[]): Map<string, string[]> {
  const lineOf = (order: OrderView, facts: string[]) =>
    [order.life.title, order.life.shown, ...facts].join(' · ');
  const count = (lines: string[]) =>
    lines.reduce(
      (seen, line) => seen.set(line, (seen.get(line) ?? 0) + 1),
      new Map<string, number>(),
    );
  const plain = orders.map((order) => factsOf(order));
  const plainCount = count(orders.map((order, index) => lineOf(order, plain[index] ?? [])));
  const facts = orders.map((order, index) =>
    (plainCount.get(lineOf(order, plain[index] ?? [])) ?? 0) > 1
      ? factsOf(order, true)
      : (plain[index] ?? []),
  );
  const lines = orders.map((order, index) => lineOf(order, facts[index] ?? []));
  const exactCount = count(lines);
  const seen = new Map<string, number>();
  return new Map(
    orders.map((order, index) => {
      const line = lines[index] ?? '';
      const alike = exactCount.get(line) ?? 0;
      const own = facts[index] ?? [];
      if (alike < 2) return [order.localId, own];
      const place = (seen.get(line) ?? 0) + 1;
      seen.set(line, place);
      return [order.localId, [...own, t('popup_alikeOf', place, alike)]];
    }),
  );
}
