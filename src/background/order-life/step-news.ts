/**
 * A step's news (an event) made into the change of the record as stored: what the
 * order's life decides, or, when the life refuses news that no longer applies, the step
 * moved on to its next time. Pure: the one write path (src/background/changes.ts)
 * applies it inside its transaction, one order at a time or a round's reads at once.
 */

import { t } from '../../shared/i18n.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import { changeOrderRecord, type LifeContext, type OrderEvent } from './order-changes.ts';

/**
 * Events whose refusal writes nothing: what the user asked (the refusal goes back to
 * them) and a wait itself.
 */
const NOT_RESCHEDULED: ReadonlySet<OrderEvent['type']> = new Set([
  'undo',
  'abort',
  'cancel',
  'waited',
]);

export function notApplied(refusal: string) {
  return { type: 'waited', trouble: 'failed_read', error: t('bg_notApplied', refusal) } as const;
}

/**
 * The change an event makes to an order as stored (undefined: nothing to write);
 * `refuse` hears why the life refused the event, if it did.
 */
export function orderChange(
  event: OrderEvent,
  ctx: LifeContext,
  refuse: (refusal: string) => void,
): (current: OrderRecord) => OrderRecord | undefined {
  return (current) => {
    const change = changeOrderRecord(current, event, ctx);
    if ('record' in change) return change.record;
    const refused = 'refused' in change ? change.refused : t('bg_onlyHeldRemoved');
    refuse(refused);
    // A step's news that no longer applies (a late answer) changes nothing, but the
    // step is done: its next one is scheduled, so it is not retried at once forever.
    if (NOT_RESCHEDULED.has(event.type)) return undefined;
    const moved = changeOrderRecord(current, notApplied(refused), ctx);
    return 'record' in moved ? moved.record : undefined;
  };
}
