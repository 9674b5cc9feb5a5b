/**
 * Runs the background's code against a real sandbox process-in-process: the real
 * HTTP server, the real client, an in-memory extension API and IndexedDB.
 */
import { type RunningSandbox, startSandbox } from '../../../sandbox/index.ts';
import { history } from '../../../src/background/history.ts';
import { runDueWork } from '../../../src/background/scheduler.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { fakeBrowser } from './extension-env.ts';

export async function startTestSandbox(processingMs = 150): Promise<RunningSandbox> {
  return startSandbox({ port: 0, processingMs, control: true, seed: 7 });
}

/** Points the (fake) extension at the sandbox with its token. */
export async function connectTo(sandbox: RunningSandbox, token = 'sandbox'): Promise<void> {
  await fakeBrowser.storage.sync.set({
    [STORED_KEYS.settings.key]: {
      serviceUrl: sandbox.url,
      polling: { fastSeconds: 2, trackingMinutes: 30 },
    },
  });
  await fakeBrowser.storage.local.set({ [STORED_KEYS.serviceToken.key]: token });
}

/**
 * Runs background rounds until the order satisfies `done`, letting due times pass in
 * real time (the sandbox needs its processing time). Bounded: fails after `limitMs`.
 */
export async function runUntil(
  localId: string,
  done: (order: OrderRecord) => boolean,
  limitMs = 15_000,
): Promise<OrderRecord> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    await runDueWork();
    const order = await (await history()).getOrder(localId);
    if (order && done(order)) return order;
    if (Date.now() > deadline)
      throw new Error(
        `order ${localId} did not get there in time; last: ${JSON.stringify(order?.state)} ${order?.schedule.lastError ?? ''}`,
      );
    // Make the next step due now rather than waiting for its schedule.
    await (await history()).updateOrder(localId, (current) => ({
      ...current,
      schedule: {
        ...current.schedule,
        nextAt:
          current.schedule.nextAt === Number.MAX_SAFE_INTEGER
            ? current.schedule.nextAt
            : Math.min(current.schedule.nextAt, Date.now()),
      },
    }));
    await new Promise((resolve) => setTimeout(resolve, 60));
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
