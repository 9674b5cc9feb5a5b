/**
 * The buyer has seen these failures (a page showed them): the badge stops counting
 * them, and open pages re-read the orders. Not a change of the orders' life (their
 * state stays), so not through the life's write path; its own small write.
 */

import { publishChange } from '../shared/change-feed.ts';
import { refreshBadge } from './badge.ts';
import { clock } from './clock.ts';
import { history } from './history.ts';

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
