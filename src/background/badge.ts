import { browser } from '../shared/browser.ts';
import { IN_FLIGHT_CANCELLATION_STATES, IN_FLIGHT_ORDER_STATES } from '../shared/order-record.ts';
import { history } from './history.ts';

export function badgeTitle(orders: number, cancellations: number): string {
  const parts: string[] = [];
  if (orders > 0) parts.push(`${orders} order${orders === 1 ? '' : 's'} in flight`);
  if (cancellations > 0)
    parts.push(`${cancellations} cancellation${cancellations === 1 ? '' : 's'} in flight`);
  return parts.length === 0 ? 'Buyline: nothing in flight' : `Buyline: ${parts.join(', ')}`;
}

/** The toolbar badge counts what is in flight; the button's title says it in words. */
export async function refreshBadge(): Promise<{ text: string; title: string }> {
  const store = await history();
  const [orders, cancellations] = await Promise.all([
    store.countOrders(IN_FLIGHT_ORDER_STATES),
    store.countCancellations(IN_FLIGHT_CANCELLATION_STATES),
  ]);
  const total = orders + cancellations;
  const text = total === 0 ? '' : String(total);
  const title = badgeTitle(orders, cancellations);
  await browser.action.setBadgeText({ text });
  await browser.action.setTitle({ title });
  if (total > 0) await browser.action.setBadgeBackgroundColor({ color: '#1d4ed8' });
  return { text, title };
}
