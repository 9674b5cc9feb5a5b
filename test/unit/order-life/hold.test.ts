import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { history, resetHistoryConnection } from '../../../src/background/history/connection.ts';
import { undoPlacedOrder } from '../../../src/background/pages/order-requests.ts';
import { route } from '../../../src/background/pages/router.ts';
import { undoOrders } from '../../../src/background/placing/order-undo.ts';
import {
  cancelQuickRound,
  roundsSettled,
  runDueWork,
} from '../../../src/background/rounds/scheduler.ts';
import { readSettings } from '../../../src/background/settings-store.ts';
import { heldOrderOfButton } from '../../../src/background/telling/notifier.ts';
import type { ChangeNotice } from '../../../src/shared/change-feed.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from '../background/extension-env.ts';
import {
  advance,
  connectTo,
  type SeenRequest,
  startTestSandbox,
  useFakeClock,
  useRealClock,
} from '../background/sandbox-env.ts';

// The hold before sending (settings.holdSeconds, 5 s by default): the order waits in
// `held`, Undo takes it back with nothing sent, and a worker stopped during the hold
// still sends it afterwards, exactly once.

const seen: SeenRequest[] = [];
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox(150, seen);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetExtension();
  await connectTo(sandbox, 'sandbox', { holdSeconds: 5 });
  useFakeClock();
  seen.length = 0;
});
afterEach(async () => {
  await resetExtension();
  useRealClock();
});

type Reply<T> = { ok: true; data: T } | { ok: false; error: { kind: string; message: string } };
const ask = async <T>(type: string, payload: unknown) =>
  (await route({ buyline: 1, type, payload }, OWN_PAGE)) as Reply<T>;

async function place(): Promise<string> {
  const draftId = crypto.randomUUID();
  const reply = await ask<{ placed: boolean; order: { state: string; holdUntil: number } }>(
    'order.place',
    { draftId, request: MANAGED_ORDER },
  );
  expect(reply).toMatchObject({
    ok: true,
    data: { placed: true, order: { state: 'held', holdUntil: Date.now() + 5_000 } },
  });
  return draftId;
}

async function ordersOnService(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}

const posts = () => seen.filter((request) => request.method === 'POST');

describe('the hold before sending', () => {
  it('sends the order when the hold is over, not before', async () => {
    const localId = await place();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    await advance(4_900);
    expect(posts()).toEqual([]);
    await advance(200);
    expect(posts()).toHaveLength(1);
    const createdAt = (await (await history()).getOrder(localId))?.createdAt as number;
    expect(posts()[0]?.at).toBe(createdAt + 5_000);
    const events = (await (await history()).eventsOf(localId)).map((event) => event.to);
    expect(events).toEqual(['held', 'sending', 'processing']);
  });

  it('Undo during the hold removes the order and sends nothing', async () => {
    const localId = await place();
    await advance(2_000);
    const undone = await ask('order.undo', { localId });
    expect(undone).toEqual({ ok: true, data: { undone: true, order: null } });
    await advance(60_000);
    expect(seen).toEqual([]);
    expect(await (await history()).getOrder(localId)).toBeUndefined();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    // Nothing of it is left: its full body is gone from memory too.
    const session = await fakeBrowser.storage.session.get(null);
    expect(
      Object.keys(session).filter((key) => key.startsWith(STORED_KEYS.pendingBodies.key)),
    ).toEqual([]);
  });

  it('Undo from the notification’s button does the same', async () => {
    const localId = await place();
    const shown = fakeBrowser.notifications.getAllCreateOptions() as Record<
      string,
      { buttons?: unknown }
    >;
    const [notificationId] = Object.keys(shown);
    expect(shown[notificationId as string]?.buttons).toEqual([{ title: 'Cancel order' }]);
    const fromButton = heldOrderOfButton(notificationId as string, 0);
    expect(fromButton).toBe(localId);
    expect(await undoPlacedOrder(fromButton as string)).toEqual({ undone: true, order: null });
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);
    await advance(10_000);
    expect(seen).toEqual([]);
  });

  it('is too late once the order was sent: Undo says so and changes nothing', async () => {
    const localId = await place();
    await advance(5_500);
    const late = await ask<{ undone: boolean; order: { state: string } }>('order.undo', {
      localId,
    });
    expect(late).toMatchObject({
      ok: true,
      data: { undone: false, order: { state: 'processing' } },
    });
    expect(posts()).toHaveLength(1);
  });

  it('takes many orders back in one write, keeps the one already sent, and tells pages once', async () => {
    const sent = await place();
    await advance(5_500);
    const held = [await place(), await place(), await place()];
    const notices: ChangeNotice[] = [];
    fakeBrowser.storage.onChanged.addListener((changes) => {
      const notice = changes[STORED_KEYS.changeFeed.key]?.newValue as ChangeNotice | undefined;
      if (notice) notices.push(notice);
    });
    const removed = await undoOrders([sent, ...held], {
      now: Date.now(),
      settings: await readSettings(),
    });
    expect(removed.map((order) => order.localId).sort()).toEqual([...held].sort());
    const store = await history();
    for (const localId of held) expect(await store.getOrder(localId)).toBeUndefined();
    expect((await store.getOrder(sent))?.state).toBe('processing');
    expect(notices.map((notice) => [...(notice.orderIds ?? [])].sort())).toEqual([
      [...held].sort(),
    ]);
    await advance(10_000);
    expect(posts()).toHaveLength(1);
  });

  it('a worker stopped during the hold sends the order afterwards, exactly once', async () => {
    const baseline = await ordersOnService();
    const localId = await place();
    await advance(2_000);
    // The worker stops: its timers and memory go; storage and IndexedDB stay.
    await roundsSettled();
    cancelQuickRound();
    resetHistoryConnection();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(posts()).toEqual([]);
    // A new worker starts (an alarm, a message) and resumes what is due.
    await runDueWork();
    await advance(60_000);
    expect(posts()).toHaveLength(1);
    expect((await (await history()).getOrder(localId))?.state).toBe('placed');
    expect(await ordersOnService()).toBe(baseline + 1);
  });

  it('tells open pages of every change of the order', async () => {
    const notices: ChangeNotice[] = [];
    fakeBrowser.storage.onChanged.addListener((changes, area) => {
      const notice = changes[STORED_KEYS.changeFeed.key]?.newValue as ChangeNotice | undefined;
      if (area === 'session' && notice) notices.push(notice);
    });
    const localId = await place();
    await advance(10_000);
    const states = (await (await history()).eventsOf(localId)).map((event) => event.to);
    expect(states).toEqual(['held', 'sending', 'processing', 'placed']);
    const aboutIt = notices.filter((notice) => notice.orderIds?.includes(localId));
    // At least one notice per state, each naming the orders scope.
    expect(aboutIt.length).toBeGreaterThanOrEqual(states.length);
    expect(aboutIt.every((notice) => notice.scopes.includes('orders'))).toBe(true);
  });
});
