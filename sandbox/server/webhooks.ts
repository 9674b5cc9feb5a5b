import type { SandboxTime } from './sandbox-time.ts';

/**
 * Webhook delivery: POST the body to the URL, at least once, retried with backoff
 * until the receiver answers 2xx, a bounded number of times. Delivery runs beside the
 * API and never delays an answer.
 */
export interface WebhookSender {
  send(url: string, body: unknown): void;
  /**
   * Resolves when every delivery under way has finished (for tests and close()); a
   * delivery waiting to try again waits on sandbox time.
   */
  drain(): Promise<void>;
  /**
   * Resolves once no delivery is on the wire: every one has ended or waits on sandbox
   * time to try again (for tests: "nothing more was sent" after moving the clock).
   */
  idle(): Promise<void>;
  /** Stops every delivery under way (requests and backoff waits) so the process can exit. */
  close(): void;
}

export interface WebhookOptions {
  /** Sandbox time: the waits between tries are due entries in it, so a test moves them. */
  time: Pick<SandboxTime, 'after'>;
  tries?: number;
  firstDelayMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

/**
 * Only the origin goes to the log: the spec lets a client put a secret in the path or
 * query of a webhook URL, since deliveries are not signed.
 */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an unreadable URL';
  }
}

export function createWebhookSender(options: WebhookOptions): WebhookSender {
  const tries = options.tries ?? 5;
  const firstDelay = options.firstDelayMs ?? 200;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const pending = new Set<Promise<void>>();
  const stop = new AbortController();
  let onTheWire = 0;
  let whenIdle: (() => void)[] = [];

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const onStop = () => {
        cancel();
        resolve();
      };
      // The listener goes with the wait, so that a long run does not pile them up.
      const cancel = options.time.after(ms, () => {
        stop.signal.removeEventListener('abort', onStop);
        resolve();
      });
      stop.signal.addEventListener('abort', onStop, { once: true });
    });

  async function deliver(url: string, payload: string): Promise<void> {
    for (let attempt = 1; attempt <= tries && !stop.signal.aborted; attempt++) {
      onTheWire += 1;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload,
          signal: AbortSignal.any([stop.signal, AbortSignal.timeout(timeoutMs)]),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return;
        options.log?.(`webhook to ${originOf(url)} answered ${response.status} (try ${attempt})`);
      } catch {
        if (stop.signal.aborted) return;
        options.log?.(`webhook to ${originOf(url)} unreachable (try ${attempt})`);
      } finally {
        onTheWire -= 1;
        if (onTheWire === 0) {
          for (const resolve of whenIdle) resolve();
          whenIdle = [];
        }
      }
      if (attempt < tries) await pause(firstDelay * 2 ** (attempt - 1));
    }
  }

  return {
    send(url, body) {
      if (stop.signal.aborted) return;
      const delivery = deliver(url, JSON.stringify(body)).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    idle() {
      return onTheWire === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            whenIdle.push(resolve);
          });
    },
    close() {
      stop.abort();
    },
  };
}
