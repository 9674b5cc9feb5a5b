import type { CancellationRecord, HistoryEvent, OrderRecord } from '../../shared/order-record.ts';

/** A change to a stored record: the record as it becomes, or undefined to leave it. */
export type Change<T> = (current: T) => T | undefined;

/** The event for a record's change of state; none when its state stayed as it was. */
export function stateEvent(
  before: OrderRecord | CancellationRecord | undefined,
  after: OrderRecord | CancellationRecord,
  at: number,
  note: string | undefined,
): HistoryEvent | undefined {
  if (before?.state === after.state) return undefined;
  const cancellation = 'orderLocalId' in after;
  return {
    at,
    subject: cancellation ? 'cancellation' : 'order',
    localId: after.localId,
    orderLocalId: cancellation ? after.orderLocalId : after.localId,
    to: after.state,
    ...(before ? { from: before.state } : {}),
    ...(note ? { note } : {}),
  };
}
