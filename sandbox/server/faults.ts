import { z } from '../../src/api/zod.ts';

/** Failures the control API can inject, as the network and a troubled service produce them. */
export const faultSchema = z.strictObject({
  mode: z.enum(['500', 'timeout', 'drop', 'malformed', '429']),
  /** How many matching requests it hits. */
  count: z.number().int().min(1).max(10_000).default(1),
  /** Only requests with this method (GET, POST). */
  method: z.enum(['GET', 'POST']).optional(),
  /** Only requests whose path starts with this, e.g. /v1/orders. */
  path: z.string().startsWith('/').optional(),
  /**
   * `before`: the request is not carried out. `after`: it is carried out, then the
   * answer is lost; a client that retries with the same idempotency key must get the
   * first answer back.
   */
  when: z.enum(['before', 'after']).default('before'),
  /** Seconds, for 429. */
  retry_after: z.number().int().min(0).max(3_600).default(1),
});
export type Fault = z.infer<typeof faultSchema>;

export class FaultPlan {
  private faults: Fault[] = [];

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
