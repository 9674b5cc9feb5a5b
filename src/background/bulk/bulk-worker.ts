/**
 * Keeps running batches moving while the worker lives, and picks them up again when
 * it starts: `startBulk()` is called once at the top of the worker, so a batch that a
 * stopped worker (or a closed browser) left halfway resumes where it was.
 */
import { browser } from '../../shared/browser.ts';
import { subscribeChanges } from '../../shared/change-feed.ts';
import { pumpAll } from './batch-runner.ts';

export const BULK_ALARM = 'buyline-bulk';
/** While a batch runs and the worker is awake, it is stepped at least this often. */
const STEP_MS = 500;

let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Number.POSITIVE_INFINITY;
let stepping: Promise<void> | undefined;
let again = false;

/** Steps every active batch; overlapping calls run one more step, never two at once. */
export function stepBatches(): Promise<void> {
  if (stepping) {
    again = true;
    return stepping;
  }
  stepping = (async () => {
    let more: boolean;
    do {
      again = false;
      more = await pumpAll();
    } while (again);
    await keepAlarm(more);
    if (more) soon(STEP_MS);
  })()
    .catch((error: unknown) => console.error('Buyline: bulk batches could not go on', error))
    .finally(() => {
      stepping = undefined;
    });
  return stepping;
}

/** A step within `ms`, while the runner is started (tests step by hand). */
export function soon(ms = 0): void {
  if (!started) return;
  const at = Date.now() + ms;
  if (timer !== undefined && timerAt <= at) return;
  if (timer !== undefined) clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(() => {
    timer = undefined;
    timerAt = Number.POSITIVE_INFINITY;
    void stepBatches();
  }, ms);
}

/** The alarm wakes a sleeping worker while a batch has work left. */
async function keepAlarm(active: boolean): Promise<void> {
  const existing = await browser.alarms.get(BULK_ALARM);
  if (active && !existing) browser.alarms.create(BULK_ALARM, { periodInMinutes: 0.5 });
  if (!active && existing) await browser.alarms.clear(BULK_ALARM);
}

/**
 * Registers the runner's listeners (synchronously, so an alarm that woke the worker
 * reaches them) and resumes every batch left running.
 */
export function startBulk(): void {
  if (started) return;
  started = true;
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === BULK_ALARM) void stepBatches();
  });
  // An order accepted by the service frees room in its batch's window.
  subscribeChanges(['orders'], () => soon(50));
  void stepBatches();
}

/** Resolves when no step is running (for tests and orderly shutdowns). */
export async function stepsSettled(): Promise<void> {
  while (stepping) await stepping;
}

/** For tests: forget the timers, as a stopped worker does. */
export function stopBulk(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  timerAt = Number.POSITIVE_INFINITY;
  started = false;
}
