/**
 * How soon a cancellation's outcome reaches an open page: from the moment the sandbox
 * decides the cancellation to the moment the popup's order detail, open in a tab,
 * shows the order cancelled. Measured in Debian's Chromium with the test build
 * (dist-test) against the sandbox; the sandbox logs when it decided (its clock is this
 * process's clock, never moved here), the page is watched for the text of the
 * cancelled state. Several runs; the median is reported.
 */
import { startSandbox } from '../sandbox/index.ts';
import { launchExtension } from '../test/e2e/harness/index.ts';
import { MANAGED_ORDER } from '../test/fixtures.ts';
import { median } from './stats.ts';

const RUNS = 3;
/** "cancellation <id> cancelled, decided at <ISO time>", from sandbox-state.ts. */
const DECIDED = /^cancellation (\w+) cancelled, decided at (\S+)$/;

export async function measureCancelOutcome(): Promise<Record<string, number>> {
  const decided = new Map<string, number>();
  const sandbox = await startSandbox({
    port: 0,
    processingMs: 500,
    log: (line) => {
      const match = DECIDED.exec(line);
      if (match) decided.set(match[1] as string, Date.parse(match[2] as string));
    },
  });
  const extension = await launchExtension({ dist: 'dist-test' });
  try {
    const setup = await extension.openExtensionPage('src/options/index.html');
    const ask = async <T>(type: string, payload: unknown): Promise<T> => {
      const reply = (await setup.evaluate(
        ([t, p]) => chrome.runtime.sendMessage({ buyline: 1, type: t, payload: p }),
        [type, payload] as const,
      )) as { ok: boolean; data?: T; error?: { message: string } };
      if (!reply.ok) throw new Error(`${type}: ${reply.error?.message}`);
      return reply.data as T;
    };
    await ask('settings.update', { patch: { serviceUrl: sandbox.url, holdSeconds: 0 } });
    await ask('token.set', { token: 'sandbox' });

    const lags: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const localId = crypto.randomUUID();
      await ask('order.place', {
        draftId: localId,
        request: { ...MANAGED_ORDER, products: [{ product_id: 'B0CANCELOK', quantity: 1 }] },
      });
      type Detail = {
        order: { state: string; merchantOrderIds: string[] };
        cancellations: { requestId?: string }[];
      };
      let detail: Detail | null = null;
      for (let waited = 0; detail?.order.state !== 'placed'; waited += 200) {
        if (waited > 60_000) throw new Error('the order was not placed in time');
        await setup.waitForTimeout(200);
        detail = await ask<Detail | null>('order.get', { localId });
      }
      // The order's detail, open in a tab, as the user would have it.
      const page = await extension.context.newPage();
      await page.goto(extension.extensionUrl(`src/popup/index.html#order=${localId}`));
      await page
        .getByText(detail.order.merchantOrderIds[0] as string)
        .first()
        .waitFor();
      const cancelled = await ask<Detail>('order.cancel', {
        localId,
        merchantOrderId: detail.order.merchantOrderIds[0],
        draftId: crypto.randomUUID(),
      });
      // The cancelled state's text, wherever the page shows the order's state.
      await page.waitForFunction(
        () => {
          // Visible text only: not the options of a state filter.
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement?.closest('select, option, script, style')) continue;
            if (/\bCancelled\b/.test(node.textContent ?? '')) return true;
          }
          return false;
        },
        undefined,
        { timeout: 60_000, polling: 20 },
      );
      const shownAt = Date.now();
      const requestId = cancelled.cancellations[0]?.requestId;
      const decidedAt = requestId ? decided.get(requestId) : undefined;
      if (decidedAt === undefined) throw new Error('the sandbox did not log its decision');
      lags.push(shownAt - decidedAt);
      await page.close();
    }
    return { cancel_outcome_ms: Math.round(median(lags)) };
  } finally {
    await extension.close();
    await sandbox.close();
  }
}
