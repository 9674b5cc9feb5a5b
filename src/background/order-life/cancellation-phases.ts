/**
 * Where a cancellation stands, from the cancellation table (order-life.ts): whether the
 * retailer has decided, which are still waiting (the badge counts these), and which
 * merchant orders it refused to cancel, by their latest cancellation.
 */
import {
  type CancellationRecord,
  type CancellationState,
  ORDER_STATES,
} from '../../shared/order-record.ts';
import { CANCELLATION_TABLE } from './cancellation-life.ts';
import { orderTransition } from './order-life.ts';

/** The order states in which a cancellation can be started (the order table's `cancel`). */
export const CANCELLABLE_STATES = ORDER_STATES.filter(
  (state) => 'to' in orderTransition(state, 'cancel'),
);

/** A decided cancellation takes no event any more (the cancellation table). */
export const isCancellationDecided = (cancellation: Pick<CancellationRecord, 'state'>): boolean =>
  Object.keys(CANCELLATION_TABLE[cancellation.state]).length === 0;

/** The retailer cancelled it. */
export const isCancellationDone = (cancellation: Pick<CancellationRecord, 'state'>): boolean =>
  cancellation.state === 'cancelled';

/** Decided, and not as cancelled: the service or the retailer refused it. */
export const isCancellationRefused = (cancellation: Pick<CancellationRecord, 'state'>): boolean =>
  isCancellationDecided(cancellation) && !isCancellationDone(cancellation);

/** The cancellation states still waiting for the retailer's word (the badge counts these). */
export const IN_FLIGHT_CANCELLATION_STATES: readonly CancellationState[] = (
  Object.keys(CANCELLATION_TABLE) as CancellationState[]
).filter((state) => !isCancellationDecided({ state }));

/**
 * What the buyer is told when a cancellation enters each state: that the retailer is
 * attempting it, or that it was refused; its success is told as the order's (cancelled).
 */
export type CancellationNews = 'none' | 'attempting' | 'refused';
const NEWS: Record<CancellationState, CancellationNews> = {
  sending: 'none',
  unconfirmed: 'none',
  processing: 'none',
  attempting_to_cancel: 'attempting',
  cancelled: 'none',
  failed: 'refused',
};

/** The news of a cancellation's change: what it entered, or nothing when its state stayed. */
export const cancellationNewsOf = (
  before: Pick<CancellationRecord, 'state'>,
  after: Pick<CancellationRecord, 'state'>,
): CancellationNews => (before.state === after.state ? 'none' : NEWS[after.state]);

/** The latest cancellation of each merchant order, newest first. */
export function latestCancellations(
  cancellations: readonly CancellationRecord[],
): CancellationRecord[] {
  const newest = new Map<string, CancellationRecord>();
  for (const entry of cancellations) {
    const known = newest.get(entry.merchantOrderId);
    if (!known || entry.createdAt >= known.createdAt) newest.set(entry.merchantOrderId, entry);
  }
  return [...newest.values()].sort((a, b) => b.createdAt - a.createdAt);
}

/** The merchant orders whose latest cancellation was refused. */
export function refusedMerchantOrders(cancellations: readonly CancellationRecord[]): Set<string> {
  return new Set(
    latestCancellations(cancellations)
      .filter(isCancellationRefused)
      .map((entry) => entry.merchantOrderId),
  );
}
