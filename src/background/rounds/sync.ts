/**
 * "Sync": imports the service's orders (paged, by time range and retailer) through the
 * one write path, each known by our reference, a request id or its merchant order ids.
 * Why an order was skipped is said in the buyer's words, as Options shows it.
 */

import { t } from '../../shared/i18n.ts';
import type { Payload, SyncResult } from '../../shared/protocol.ts';
import { clock } from '../clock.ts';
import { ChangeBatch, importListed } from '../history/changes.ts';
import type { Gate } from './service-gate.ts';

const PAGE = 100;
const MAX_PAGES = 100;

export async function syncFromService(
  gate: Gate,
  range: Payload<'orders.sync'>,
  now = clock.now(),
): Promise<SyncResult> {
  const batch = new ChangeBatch();
  const ctx = { now, settings: gate.settings, batch };
  const counts = { imported: 0, updated: 0, unchanged: 0 };
  const skipped = new Map<string, number>();
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const listed = await gate.client.listOrders({
        limit: PAGE,
        skip: page * PAGE,
        ...(range.from !== undefined ? { starting_after: range.from } : {}),
        ...(range.to !== undefined ? { ending_before: range.to } : {}),
        ...(range.retailer ? { retailer: range.retailer } : {}),
      });
      for (const entry of listed) {
        if (!entry.readable) {
          // What failed is the service's field names: for a report, not the buyer's screen.
          console.warn('Buyline: a listed order failed the contract check', entry.problem);
          skip(t('bg_syncSkipUnreadable'));
          continue;
        }
        const outcome = await importListed(entry, ctx);
        if (typeof outcome === 'object') skip(outcome.skipped);
        else counts[outcome] += 1;
      }
      if (listed.length < PAGE) break;
    }
  } finally {
    await batch.publish();
  }
  return {
    ...counts,
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
  };
}
