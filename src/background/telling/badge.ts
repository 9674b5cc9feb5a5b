import { browser } from '../../shared/browser.ts';
import { publishChange } from '../../shared/change-feed.ts';
import { type MessageKey, t } from '../../shared/i18n.ts';
import { formatCount, formatList, isSingular } from '../../shared/locale-format.ts';
import { clock } from '../clock.ts';
import { history } from '../history/connection.ts';
import { IN_FLIGHT_CANCELLATION_STATES } from '../order-life/cancellation-phases.ts';
import { IN_FLIGHT_STATES } from '../order-life/phases.ts';

/** The badge's colours: work in flight, and failures waiting for the buyer. */
export const BADGE_COLOURS = { inFlight: '#1d4ed8', attention: '#b91c1c' } as const;

function counted(count: number, one: MessageKey, other: MessageKey): string {
  return t(isSingular(count) ? one : other, formatCount(count));
}

/** The toolbar button's title: what waits for the buyer (until seen), then what is in flight. */
export function badgeTitle(orders: number, cancellations: number, failures = 0): string {
  const parts: string[] = [];
  if (failures > 0) parts.push(counted(failures, 'badgeAttentionOne', 'badgeAttentionOther'));
  if (orders > 0) parts.push(counted(orders, 'badgeOrdersOne', 'badgeOrdersOther'));
  if (cancellations > 0)
    parts.push(counted(cancellations, 'badgeCancellationsOne', 'badgeCancellationsOther'));
  return parts.length === 0 ? t('badgeIdle') : t('badgeSummary', formatList(parts));
}

/** The toolbar badge: "!" in red while a failure waits to be seen, else the count in flight. */
export async function refreshBadge(): Promise<{ text: string; title: string; colour?: string }> {
  const store = await history();
  const [orders, cancellations, failures] = await Promise.all([
    store.countOrders(IN_FLIGHT_STATES),
    store.countCancellations(IN_FLIGHT_CANCELLATION_STATES),
    store.countUnseenFailures(),
  ]);
  const inFlight = orders + cancellations;
  const text = failures > 0 ? '!' : inFlight === 0 ? '' : String(inFlight);
  const title = badgeTitle(orders, cancellations, failures);
  const colour =
    failures > 0 ? BADGE_COLOURS.attention : inFlight > 0 ? BADGE_COLOURS.inFlight : undefined;
  await browser.action.setBadgeText({ text });
  await browser.action.setTitle({ title });
  if (colour) await browser.action.setBadgeBackgroundColor({ color: colour });
  return colour ? { text, title, colour } : { text, title };
}

/**
 * The buyer has seen these failures: the badge stops counting them. Not a change of the
 * orders' life (their state stays), so its own small write, not the write path.
 */
export async function markOrdersSeen(
  localIds: readonly string[],
  now = clock.now(),
): Promise<{ seen: number }> {
  const marked = await (await history()).markSeen(localIds, now);
  if (marked.length > 0) {
    await refreshBadge();
    await publishChange(['orders'], marked);
  }
  return { seen: marked.length };
}
