/**
 * Webhook delivery: POST the body to the URL, at least once, retried with backoff
 * until the receiver answers 2xx, a bounded number of times. Delivery runs beside the
 * API and never delays an answer.
 */
export interface WebhookSender {
  send(url: string, body: unknown): void;
  /** Resolves when every delivery under way has finished (for tests and close()). */
  drain(): Promise<void>;
  close(): void;
}

export interface WebhookOptions {
  tries?: number;
  firstDelayMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export function createWebhookSender(options: WebhookOptions = {}): WebhookSender {
  const tries = options.tries ?? 5;
  const firstDelay = options.firstDelayMs ?? 200;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const pending = new Set<Promise<void>>();
  let closed = false;

  async function deliver(url: string, payload: string): Promise<void> {
    for (let attempt = 1; attempt <= tries && !closed; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return;
        options.log?.(`webhook ${url} answered ${response.status} (try ${attempt})`);
      } catch {
        options.log?.(`webhook ${url} unreachable (try ${attempt})`);
      }
      if (attempt < tries)
        await new Promise((resolve) => setTimeout(resolve, firstDelay * 2 ** (attempt - 1)));
    }
  }

  return {
    send(url, body) {
      if (closed) return;
      const delivery = deliver(url, JSON.stringify(body)).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      closed = true;
    },
  };
}
