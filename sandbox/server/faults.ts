import { z } from '../../src/api/zod.ts';

/** Failures the control API can inject, as the network and a troubled service produce them. */
export const faultSchema = z.strictObject({
  mode: z.enum(['500', 'timeout', 'drop', 'malformed', '429']),
  /** How many matching requests it hits. */
  count: z._default(z.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
  /** Only requests with this method (GET, POST). */
  method: z.optional(z.enum(['GET', 'POST'])),
  /** Only requests whose path starts with this, e.g. /v1/orders. */
  path: z.optional(z.string().check(z.startsWith('/'))),
  /**
   * `before`: the request is not carried out. `after`: it is carried out, then the
   * answer is lost; a client that retries with the same idempotency key must get the
   * first answer back.
   */
  when: z._default(z.enum(['before', 'after']), 'before'),
  /** Seconds, for 429. */
  retry_after: z._default(z.number().check(z.int(), z.gte(0), z.lte(3_600)), 1),
});
export type Fault = z.infer<typeof faultSchema>;

export class FaultPlan {
  private faults: Fault[] = [];

  get empty(): boolean {
    return this.faults.length === 0;
  }

  add(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  clear(): void {
    this.faults = [];
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** The first fault that matches this request, counted down once. */
  take(method: string, path: string): Fault | undefined {
    const fault = this.faults.find(
      (candidate) =>
        (candidate.method === undefined || candidate.method === method) &&
        (candidate.path === undefined || path.startsWith(candidate.path)),
    );
    if (!fault) return undefined;
    fault.count -= 1;
    if (fault.count <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return { ...fault };
  }
}
