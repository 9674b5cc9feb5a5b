/**
 * A batch is told as one: one notice when it finishes and one when it pauses for
 * something only the buyer can do (a locked vault, a vault item gone). Its orders raise
 * none of their own (notifier.ts), so 1,000 rows raise two notices, not thousands.
 */

import type { BatchSummary } from '../../shared/bulk/types.ts';
import { t } from '../../shared/i18n.ts';
import { formatCount, formatList } from '../../shared/locale-format.ts';
import { asSentence, joinSentences } from '../../shared/sentences.ts';
import type { NotificationKind, Settings } from '../../shared/settings.ts';
import { history } from '../history/connection.ts';
import type { StoredBatch } from '../history/stored-batches.ts';
import { isBatchOver } from '../order-life/bulk-life.ts';
import { IN_FLIGHT_STATES } from '../order-life/phases.ts';
import { readSettings } from '../settings-store.ts';
import { clearNote, type Note, showNote } from '../telling/notifier.ts';
import { historyDb, readBatch, withBatch } from './batch-records.ts';
import { summaryOf } from './batch-view.ts';

const noteId = (batchId: string, what: 'finished' | 'paused') => `batch:${batchId}:${what}`;

/** The batch a notification is about, from its id. */
export function batchOfNotification(notificationId: string): string | undefined {
  return /^buyline:batch:(.+):(?:finished|paused)$/.exec(notificationId)?.[1];
}

/** The Bulk orders page showing this batch, relative to the extension's root. */
export function batchPagePath(batchId: string): string {
  return `src/bulk/index.html#batch=${encodeURIComponent(batchId)}`;
}

/** The notice of a finished batch, under a kind the user wants told (failures first). Pure. */
export function noteForBatchFinished(
  summary: Pick<BatchSummary, 'name' | 'counts'>,
  wanted: Settings['notifications'],
): Note | undefined {
  const { placed, failed, cancelled } = summary.counts;
  const kind: NotificationKind | undefined =
    failed > 0 && wanted.failed ? 'failed' : placed > 0 && wanted.placed ? 'placed' : undefined;
  if (!kind) return undefined;
  const counts = [
    t('batchCountPlaced', formatCount(placed)),
    t('batchCountFailed', formatCount(failed)),
    ...(cancelled > 0 ? [t('batchCountCancelled', formatCount(cancelled))] : []),
  ];
  return {
    kind,
    title:
      failed > 0 ? t('batchFinishedFailedTitle', formatCount(failed)) : t('batchFinishedTitle'),
    message: joinSentences(
      t('batchFinishedMessage', summary.name, formatList(counts)),
      failed > 0 ? t('batchOpenToSeeWhy') : undefined,
    ),
  };
}

/** The notice of a batch paused for the buyer to act; `pauseReason` says what to do. Pure. */
export function noteForBatchPaused(batch: Pick<StoredBatch, 'name' | 'pauseReason'>): Note {
  // The reason starts "Paused: " (as the page shows it); the notice's title says so already.
  const prefix = t('bulk_pausedPrefix');
  const stated = batch.pauseReason ?? '';
  const reason = (stated.startsWith(prefix) ? stated.slice(prefix.length) : stated).trim();
  return {
    kind: 'failed',
    title: t('batchPausedTitle', batch.name),
    message: reason
      ? asSentence(reason.charAt(0).toUpperCase() + reason.slice(1))
      : t('batchPausedReasonUnknown'),
  };
}

/** Tells that a batch paused by itself (the runner's vault checks). */
export async function announceBatchPaused(batch: StoredBatch): Promise<void> {
  await showNote(noteId(batch.id, 'paused'), noteForBatchPaused(batch));
}

/** A resumed (or finished) batch's pause notice is over. */
export async function clearBatchPaused(batchId: string): Promise<void> {
  await clearNote(noteId(batchId, 'paused'));
}

/**
 * Tells that a batch finished, once: nothing more to hand over and every order final.
 * Called whenever one of its orders leaves flight and whenever the batch stops handing
 * over; cheap until the last order settles (counts by index). True when it told it now.
 */
export async function noteIfBatchFinished(batchId: string): Promise<boolean> {
  const store = await history();
  if ((await store.countBatchOrders(batchId, IN_FLIGHT_STATES)) > 0) return false;
  const summary = await withBatch(batchId, async () => {
    const db = await historyDb();
    const batch = await db.get('batches', batchId);
    // Cheap until the batch hands nothing more over; over once it is no longer current.
    if (!batch || batch.finishNoted === batch.orderCount) return undefined;
    if (!isBatchOver(batch.state)) return undefined;
    const read = await readBatch(batchId);
    const told = read && summaryOf(read);
    if (!told || told.current) return undefined;
    await db.put('batches', { ...batch, finishNoted: batch.orderCount });
    return told;
  });
  if (!summary) return false;
  await clearBatchPaused(batchId);
  const note = noteForBatchFinished(summary, (await readSettings()).notifications);
  if (note) await showNote(noteId(batchId, 'finished'), note);
  return true;
}
