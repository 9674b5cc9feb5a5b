import { createHash } from 'node:crypto';

/** A JSON text that does not depend on key order, to compare two request bodies. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([key, inner]) => key !== 'idempotency_key' && inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A digest of the body's canonical text: remembered per key, a few bytes whatever the body's size. */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('base64');
}

export interface Remembered {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** First answers by (token, endpoint, key): the same key always gets the same answer. */
export class IdempotencyStore {
  private readonly answers = new Map<string, Remembered>();

  private slot(token: string, endpoint: string, key: string): string {
    return JSON.stringify([token, endpoint, key]);
  }

  recall(token: string, endpoint: string, key: string): Remembered | undefined {
    return this.answers.get(this.slot(token, endpoint, key));
  }

  remember(token: string, endpoint: string, key: string, answer: Remembered): void {
    this.answers.set(this.slot(token, endpoint, key), answer);
  }
}
