/**
 * Runs the background's code against a real sandbox process-in-process: the real
 * HTTP server, the real client, an in-memory extension API and IndexedDB, and a fake
 * clock that starts at a fixed moment. Time moves only through `advance`: the
 * product's own scheduler wakes at the times its timing table gives (its timer, or the
 * 30-second alarm as the extension would fire it), and each round finishes its real
 * I/O before time moves on. No test writes a record's schedule.
 */
import { vi } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/index.ts';
import { history } from '../../../src/background/history/connection.ts';
import { nextWakeAt, roundsSettled, runDueWork } from '../../../src/background/rounds/scheduler.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { fakeBrowser } from './extension-env.ts';

/** A request as the sandbox saw it arrive, at fake time. */
export interface SeenRequest {
  at: number;
  method: string;
  path: string;
}

export async function startTestSandbox(
  processingMs = 150,
  seen?: SeenRequest[],
): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    processingMs,
    control: true,
    seed: 7,
    ...(seen ? { onRequest: (request) => seen.push({ at: Date.now(), ...request }) } : {}),
  });
}

/** Points the (fake) extension at the sandbox with its token; no hold unless asked. */
export async function connectTo(
  sandbox: RunningSandbox,
  token = 'sandbox',
  settings: Record<string, unknown> = {},
): Promise<void> {
  await fakeBrowser.storage.sync.set({
    [STORED_KEYS.settings.key]: {
      serviceUrl: sandbox.url,
      polling: { fastSeconds: 2, trackingMinutes: 30 },
      holdSeconds: 0,
      ...settings,
    },
  });
  await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: token });
}

const ALARM_MS = 30_000;
/** Where every fake clock of a test file starts: a fixed moment, never today. */
const CLOCK_START = Date.UTC(2026, 2, 2, 12, 0, 0);
let nextAlarm = 0;
/** Where the last fake clock stopped: the next one starts there, so sandbox time never goes back. */
let lastFakeNow = CLOCK_START;

/** Notes where a fake clock stands before it is replaced or removed. */
function noteFakeNow(): void {
  if (vi.isFakeTimers()) lastFakeNow = Math.max(lastFakeNow, Date.now());
}

/** Fakes Date and timers (not setImmediate, which IndexedDB and I/O need). */
export function useFakeClock(): void {
  noteFakeNow();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: lastFakeNow });
  nextAlarm = Date.now() + ALARM_MS;
}

/**
 * Fakes Date alone, standing still where the last fake clock stopped; timers stay
 * real. For pages rendered in happy-dom, which need real timers to render and to
 * wait for what they show: time moves only through `moveDate`.
 */
export function useFixedDate(): void {
  noteFakeNow();
  vi.useFakeTimers({ toFake: ['Date'], now: lastFakeNow });
}

/** Moves a fixed Date (`useFixedDate`) forward. */
export function moveDate(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

/** Back to real time (after each test that faked it). */
export function useRealClock(): void {
  noteFakeNow();
  vi.useRealTimers();
}

/**
 * Moves the fake clock `ms` forward. The scheduler's timer fires exactly when it is
 * set for and the alarm every 30 s (as Chrome fires it); every round finishes before
 * time moves on.
 */
export async function advance(ms: number): Promise<void> {
  // On real timers this would spin real rounds in a busy loop instead of moving time.
  if (!vi.isFakeTimers()) throw new Error('advance() and runUntil() need useFakeClock() first.');
  const end = Date.now() + ms;
  for (;;) {
    await roundsSettled();
    const now = Date.now();
    const target = Math.min(nextWakeAt() ?? Number.POSITIVE_INFINITY, nextAlarm, end);
    if (target > now) await vi.advanceTimersByTimeAsync(target - now);
    if (Date.now() >= nextAlarm) {
      nextAlarm += ALARM_MS;
      void runDueWork();
    }
    if (Date.now() >= end && (nextWakeAt() ?? Number.POSITIVE_INFINITY) > end) break;
  }
  await roundsSettled();
}

/**
 * How far the clock is from the next round (the scheduler's timer or the alarm): only
 * a round changes what the history holds, so nothing in between needs looking at.
 */
function untilNextRound(): number {
  return Math.max(1, Math.min(nextWakeAt() ?? Number.POSITIVE_INFINITY, nextAlarm) - Date.now());
}

/**
 * Lets fake time pass, from one round to the next, until the order satisfies `done`. Bounded:
 * fails after `limitMs` of fake time.
 */
export async function runUntil(
  localId: string,
  done: (order: OrderRecord) => boolean,
  limitMs = 15 * 60_000,
): Promise<OrderRecord> {
  const deadline = Date.now() + limitMs;
  await runDueWork();
  for (;;) {
    await roundsSettled();
    const order = await (await history()).getOrder(localId);
    if (order && done(order)) return order;
    if (Date.now() > deadline)
      throw new Error(
        `order ${localId} did not get there in time; last: ${JSON.stringify(order?.state)} ${order?.schedule.lastError ?? ''}`,
      );
    await advance(untilNextRound());
  }
}

export async function controlPost(
  sandbox: RunningSandbox,
  path: string,
  body: unknown,
): Promise<unknown> {
  const response = await fetch(`${sandbox.url}/_control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Basic credentials of a token, for calls straight to the sandbox. */
export function authOf(token = 'sandbox'): string {
  return `Basic ${Buffer.from(`${token}:`).toString('base64')}`;
}

/** Creates an order on the sandbox directly, as another client would. */
export async function postOrder(
  sandbox: RunningSandbox,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await fetch(`${sandbox.url}/v1/orders`, {
    method: 'POST',
    headers: { authorization: authOf(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { request_id: string }).request_id;
}
