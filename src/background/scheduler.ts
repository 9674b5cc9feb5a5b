import { browser } from '../shared/browser.ts';
import { IN_FLIGHT_CANCELLATION_STATES, type OrderState } from '../shared/order-record.ts';
import { advanceCancellation } from './cancellations.ts';
import { history } from './history.ts';
import { pollOrder } from './order-poller.ts';
import { sendOrder } from './order-sender.ts';
import { rateLimitedUntil } from './rate-limit.ts';
import { NoTokenError, serviceClient } from './service.ts';
import { readSettings } from './settings-store.ts';

export const POLL_ALARM = 'buyline-poll';
/** Chrome runs alarms of packed extensions at most every 30 seconds. */
const ALARM_PERIOD_MINUTES = 0.5;
/** Requests in flight at once, so a long history never floods the service. */
export const MAX_IN_FLIGHT = 6;
/** Records handled per round; the rest wait for the next one. */
const ROUND_LIMIT = 2_000;
const ACTIVE_STATES: readonly OrderState[] = ['sending', 'unconfirmed', 'processing', 'placed'];

let round: Promise<void> | undefined;
let wake: ReturnType<typeof setTimeout> | undefined;

/** Runs tasks with at most `limit` of them at once. */
export async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      try {
        await task?.();
      } catch (error) {
        console.error('Buyline: a background task failed', error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/**
 * One round: every order and cancellation whose next step is due gets it. Rounds
 * never overlap within a worker. State lives in the history, not in this worker, so
 * a round after a restart picks up exactly where the last one stopped.
 */
export function runDueWork(): Promise<void> {
  round ??= doRound().finally(() => {
    round = undefined;
  });
  return round;
}

async function doRound(): Promise<void> {
  const now = Date.now();
  const pausedUntil = await rateLimitedUntil();
  if (pausedUntil > now) {
    wakeAt(pausedUntil);
    return;
  }
  let client: Awaited<ReturnType<typeof serviceClient>>;
  try {
    client = await serviceClient();
  } catch (error) {
    if (error instanceof NoTokenError) return;
    throw error;
  }
  const [settings, store] = await Promise.all([readSettings(), history()]);
  const [orders, cancellations] = await Promise.all([
    store.dueOrders(now, ACTIVE_STATES, ROUND_LIMIT),
    store.dueCancellations(now, IN_FLIGHT_CANCELLATION_STATES, ROUND_LIMIT),
  ]);
  const tasks = [
    ...orders.map(
      (order) => () =>
        order.state === 'sending' || order.state === 'unconfirmed'
          ? sendOrder(client, order, settings)
          : pollOrder(client, order, settings),
    ),
    ...cancellations.map(
      (cancellation) => () => advanceCancellation(client, cancellation, settings),
    ),
  ];
  await runLimited(tasks, MAX_IN_FLIGHT);
  await scheduleQuickRound();
}

/**
 * While the worker is awake, anything due within the alarm's period is handled on
 * time by a timer; when the worker sleeps, the alarm wakes it.
 */
async function scheduleQuickRound(): Promise<void> {
  const store = await history();
  const horizon = Date.now() + ALARM_PERIOD_MINUTES * 60_000;
  const [order] = await store.dueOrders(horizon, ACTIVE_STATES, 1);
  const [cancellation] = await store.dueCancellations(horizon, IN_FLIGHT_CANCELLATION_STATES, 1);
  const next = Math.min(
    order?.schedule.nextAt ?? Infinity,
    cancellation?.schedule.nextAt ?? Infinity,
  );
  if (Number.isFinite(next)) wakeAt(next);
}

function wakeAt(at: number): void {
  if (wake !== undefined) clearTimeout(wake);
  wake = setTimeout(
    () => {
      wake = undefined;
      void runDueWork();
    },
    Math.max(250, at - Date.now()),
  );
}

/** Resolves when no round is running (for tests and orderly shutdowns). */
export async function roundsSettled(): Promise<void> {
  while (round) await round.catch(() => undefined);
}

/** Stops the quick-cadence timer (the worker's alarm keeps the schedule). */
export function cancelQuickRound(): void {
  if (wake !== undefined) clearTimeout(wake);
  wake = undefined;
}

/** Kicks a round now (after a placement or a user action). */
export function nudge(): void {
  void runDueWork();
}

export async function ensurePollAlarm(): Promise<void> {
  const existing = await browser.alarms.get(POLL_ALARM);
  if (!existing)
    browser.alarms.create(POLL_ALARM, {
      periodInMinutes: ALARM_PERIOD_MINUTES,
      delayInMinutes: ALARM_PERIOD_MINUTES,
    });
}
