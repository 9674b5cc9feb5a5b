/**
 * When the next step of an order or a cancellation is due: ONE table of every cadence
 * and every retry and backoff rule. Pure; the scheduler wakes at the `nextAt` these give.
 */
import type { Schedule } from '../../shared/order-record.ts';
import type { Settings } from '../../shared/settings.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Nothing more to do for this record unless something new happens. */
export const IDLE = Number.MAX_SAFE_INTEGER;

/**
 * The first delay, multiplied by `factor` at each step up to `maxMs`; spent after
 * `giveUpAfter` steps or `giveUpAfterMs` under the rule (the caller then moves on).
 */
interface TimingRule {
  firstMs: number;
  factor: number;
  maxMs: number;
  giveUpAfter?: number;
  giveUpAfterMs?: number;
  why: string;
}

export type RuleName = keyof ReturnType<typeof timingRules>;

/** A quick cadence lasts this long in one state, then `slow_read` takes over. */
const QUICK_PHASE_MS = 10 * MINUTE;
/** A placed order's tracking is watched for this long at most, then left alone. */
export const TRACKING_WATCH_MS = 30 * 24 * HOUR;

/** THE TABLE. Some rows follow the user's settings. */
function timingRules(settings: Settings) {
  return {
    quick_read: {
      firstMs: SECOND,
      factor: 2,
      maxMs: settings.polling.fastSeconds * SECOND,
      why: 'An order being placed: read 1 s after the last change, then backing off to the fast cadence of the settings.',
    },
    slow_read: {
      firstMs: MINUTE,
      factor: 1,
      maxMs: MINUTE,
      why: 'Still in flight after ten minutes (a managed queue can take hours): once a minute.',
    },
    cancellation_read: {
      firstMs: SECOND,
      factor: 2,
      maxMs: 2 * SECOND,
      why: 'A cancellation in flight, attempting_to_cancel included: its outcome reaches an open page within 5 s of the service deciding it.',
    },
    tracking: {
      firstMs: settings.polling.trackingMinutes * MINUTE,
      factor: 1,
      maxMs: settings.polling.trackingMinutes * MINUTE,
      why: 'A placed order awaiting tracking: checked through the service’s list at the tracking cadence of the settings.',
    },
    unknown_post: {
      firstMs: SECOND,
      factor: 2,
      maxMs: 4 * SECOND,
      giveUpAfter: 4,
      why: 'A POST whose outcome is unknown: resent under the same idempotency key after 1 s, 2 s and 4 s; after the fourth unknown outcome the order turns unconfirmed.',
    },
    failed_read: {
      firstMs: 5 * SECOND,
      factor: 2,
      maxMs: 10 * MINUTE,
      why: 'A read that failed (no answer, a 5xx, an answer not understood): 5 s, doubling, at most 10 minutes.',
    },
    unauthorized: {
      firstMs: 5 * MINUTE,
      factor: 1,
      maxMs: 5 * MINUTE,
      why: 'A rejected token does not fix itself: every 5 minutes.',
    },
    rate_limited: {
      firstMs: 5 * SECOND,
      factor: 2,
      maxMs: 10 * MINUTE,
      why: 'A 429: never before its Retry-After (no request at all goes out until then), and backing off like a failed read.',
    },
    reconcile: {
      firstMs: 5 * SECOND,
      factor: 2,
      maxMs: 10 * MINUTE,
      giveUpAfterMs: 24 * HOUR,
      why: 'An unconfirmed order looked for in the service’s list (or resent under its key): 5 s, doubling, at most 10 minutes; given up after a day.',
    },
  } satisfies Record<string, TimingRule>;
}

function ruleDelay(rule: TimingRule, step: number): number {
  return Math.min(rule.firstMs * rule.factor ** Math.max(0, step - 1), rule.maxMs);
}

/**
 * The schedule after one more step under `name`, and whether the rule is `spent` (the
 * caller moves the record on). Steps under the same rule count up (and back off); a
 * new rule starts from its first delay. `atLeastMs` makes the delay no shorter.
 */
export function nextStep(
  previous: Schedule,
  name: RuleName,
  now: number,
  settings: Settings,
  options: { atLeastMs?: number | undefined; lastError?: string; counted?: boolean } = {},
): { schedule: Schedule; spent: boolean } {
  const rule: TimingRule = timingRules(settings)[name];
  const same = previous.rule === name;
  const attempts = same ? previous.attempts + 1 : 1;
  const since = same && previous.since !== undefined ? previous.since : now;
  const delay = Math.max(ruleDelay(rule, attempts), options.atLeastMs ?? 0);
  const spent =
    (rule.giveUpAfter !== undefined && attempts >= rule.giveUpAfter) ||
    (rule.giveUpAfterMs !== undefined && now - since >= rule.giveUpAfterMs);
  const schedule: Schedule = {
    nextAt: now + delay,
    attempts,
    count: previous.count + (options.counted === false ? 0 : 1),
    rule: name,
    since,
  };
  if (previous.stateSince !== undefined) schedule.stateSince = previous.stateSince;
  if (options.lastError) schedule.lastError = options.lastError;
  return { schedule, spent };
}

/**
 * The cadence of something in flight: quick for ten minutes in one state, then slow.
 * `stateSince` is when the record entered the state it is in after this step.
 */
export function readStep(
  previous: Schedule,
  stateSince: number,
  now: number,
  settings: Settings,
  quick: RuleName = 'quick_read',
): Schedule {
  const name = now - stateSince < QUICK_PHASE_MS ? quick : 'slow_read';
  return { ...nextStep(previous, name, now, settings).schedule, stateSince };
}

/** A schedule due at `at` (a hold's end, or at once), starting afresh in a new state. */
export function dueAt(previous: Schedule, at: number, now: number): Schedule {
  return { nextAt: at, attempts: 0, count: previous.count, since: now, stateSince: now };
}

export function idle(previous: Schedule, lastError?: string): Schedule {
  const schedule: Schedule = { nextAt: IDLE, attempts: 0, count: previous.count };
  if (lastError) schedule.lastError = lastError;
  return schedule;
}
