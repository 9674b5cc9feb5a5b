/**
 * The rounds of background work: a round gives every order and cancellation whose next
 * step is due that step (placed orders awaiting tracking together, through the list).
 * A timer wakes the worker at the next due step; the 30-second alarm is the floor while
 * it sleeps. State lives in the history, so a round after a restart picks up where the
 * last one stopped.
 */
import { browser } from '../../shared/browser.ts';

import { type ClockTimer, clock } from '../clock.ts';
import { history } from '../history/connection.ts';
import { IN_FLIGHT_CANCELLATION_STATES } from '../order-life/cancellation-phases.ts';
import { ACTIVE_STATES, STEPPED_STATES, WATCHED_STATES } from '../order-life/phases.ts';
import { advanceCancellation } from './cancellation-steps.ts';
import { advanceOrder } from './order-steps.ts';
import { RoundWrites } from './round-writes.ts';
import {
  type Gate,
  NoTokenError,
  openGate,
  RateLimitHoldError,
  rateLimitedUntil,
} from './service-gate.ts';
import { watchTracking } from './tracking-watch.ts';

export const POLL_ALARM = 'buyline-poll';
/** Chrome runs alarms of packed extensions at most every 30 seconds (Firefox does not clamp). */
const ALARM_PERIOD_MINUTES = 0.5;
/** Requests in flight at once, so a long history never floods the service. */
export const MAX_IN_FLIGHT = 6;
/** Orders and cancellations in flight handled per round. */
const ROUND_LIMIT = 2_000;
/** Placed orders awaiting tracking read per round (through the list, 100 a page). */
const WATCH_LIMIT = 50_000;
/** A burst of due steps is one round: never wake sooner than this. */
const MIN_WAKE_MS = 250;

let round: Promise<void> | undefined;
/** Steps other parts run at the end of every round (registered at the worker's start). */
const roundSteps = new Set<() => Promise<void>>();
let rerun = false;
let wake: { timer: ClockTimer; at: number } | undefined;

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
 * Runs `step` at the end of every round, once the orders' own steps are written: how a
 * part the core does not know (bulk batches hand over as many orders as the round made
 * room for) joins the one loop. Registering the same step again changes nothing.
 */
export function addRoundStep(step: () => Promise<void>): void {
  roundSteps.add(step);
}

/** One round at a time; one asked for meanwhile follows it (something new may be due). */
export function runDueWork(): Promise<void> {
  if (round) {
    rerun = true;
    return round;
  }
  round = (async () => {
    do {
      rerun = false;
      await doRound();
    } while (rerun);
  })().finally(() => {
    round = undefined;
  });
  return round;
}

async function doRound(): Promise<void> {
  const now = clock.now();
  // What is due is read while the gate opens (and the token is unsealed): a wake's
  // first poll waits for the slower of the two, not for both in turn.
  const due = history().then((store) =>
    Promise.all([
      store.dueOrders(now, STEPPED_STATES, ROUND_LIMIT),
      store.dueOrders(now, WATCHED_STATES, WATCH_LIMIT),
      store.dueCancellations(now, IN_FLIGHT_CANCELLATION_STATES, ROUND_LIMIT),
    ]),
  );
  // Without an open gate the reading is not waited for.
  due.catch(() => undefined);
  let gate: Gate;
  try {
    gate = await openGate();
  } catch (error) {
    if (error instanceof RateLimitHoldError) return wakeAt(error.until);
    if (error instanceof NoTokenError) return;
    throw error;
  }
  const [orders, watched, cancellations] = await due;
  // Status reads are written a chunk at a time (round-writes.ts), all before the next wake.
  const writes = new RoundWrites({ now, settings: gate.settings });
  const ctx = () => ({ now: clock.now(), settings: gate.settings, writes });
  const tasks = [
    ...(watched.length > 0 ? [() => watchTracking(gate, watched, ctx())] : []),
    ...cancellations.map((cancellation) => () => advanceCancellation(gate, cancellation, ctx())),
    ...orders.map((order) => () => advanceOrder(gate, order, ctx())),
  ];
  await runLimited(tasks, MAX_IN_FLIGHT);
  await writes.flush();
  for (const step of roundSteps) await step();
  await scheduleNext();
}

/** Anything due within the alarm's period gets a timer (never before a 429 hold ends). */
async function scheduleNext(): Promise<void> {
  const store = await history();
  const horizon = clock.now() + ALARM_PERIOD_MINUTES * 60_000;
  const soonest = [
    ...(await store.dueOrders(horizon, ACTIVE_STATES, 1)),
    ...(await store.dueCancellations(horizon, IN_FLIGHT_CANCELLATION_STATES, 1)),
  ];
  const next = Math.min(...soonest.map((record) => record.schedule.nextAt));
  if (Number.isFinite(next)) wakeAt(Math.max(next, await rateLimitedUntil()));
}

function wakeAt(at: number): void {
  cancelQuickRound();
  const delay = Math.max(MIN_WAKE_MS, at - clock.now());
  wake = {
    at: clock.now() + delay,
    timer: clock.setTimeout(() => {
      wake = undefined;
      void runDueWork();
    }, delay),
  };
}

/** When the timer will start the next round, if one is set (for tests). */
export function nextWakeAt(): number | undefined {
  return wake?.at;
}

/** Resolves when no round is running (for tests and orderly shutdowns). */
export async function roundsSettled(): Promise<void> {
  while (round) await round.catch(() => undefined);
}

/** Stops the quick-cadence timer (the worker's alarm keeps the schedule). */
export function cancelQuickRound(): void {
  if (wake !== undefined) clock.clearTimeout(wake.timer);
  wake = undefined;
}

/** Kicks a round now (after a placement or a user action). */
export function nudge(): void {
  void runDueWork();
}

export async function ensurePollAlarm(): Promise<void> {
  if (!(await browser.alarms.get(POLL_ALARM)))
    browser.alarms.create(POLL_ALARM, {
      periodInMinutes: ALARM_PERIOD_MINUTES,
      delayInMinutes: ALARM_PERIOD_MINUTES,
    });
}
