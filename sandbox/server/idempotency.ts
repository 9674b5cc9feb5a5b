/** A JSON text that does not depend on key order, to compare two request bodies. */
export function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([key, inner]) => key !== 'idempotency_key' && inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${fingerprint(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
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
