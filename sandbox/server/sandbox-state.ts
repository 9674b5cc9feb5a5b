import type { CancellationRequest } from '../../src/api/schemas/cancellation-request.ts';
import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import { DEFAULT_ADDAX_QUEUE_TIMEOUT_S } from '../../src/api/schemas/order-request.ts';
import type { SimulatedRetailer } from '../retailer/types.ts';
import {
  type CancellationJob,
  type CancellationPhase,
  cancellationBody,
  phasesUntil,
} from './cancellation-job.ts';
import { SandboxClock, seededRandom } from './clock.ts';
import { ManagedPool } from './managed-pool.ts';
import {
  type OrderJob,
  type OrderPhase,
  orderBody,
  phaseOf,
  visibleTracking,
} from './order-job.ts';
import type { WebhookSender } from './webhooks.ts';

export interface StateOptions {
  processingMs: number;
  seed?: number | undefined;
  retailer: SimulatedRetailer;
  webhooks: WebhookSender;
  managedSlots?: number;
  log: (line: string) => void;
}

function hex(random: () => number, length: number): string {
  return Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
}

/**
 * Everything the sandbox knows: orders and cancellations of every token, the managed
 * pool, the clock. Jobs move on by time alone; `settle()` brings them up to now (it
 * runs before every answer and on a short timer) and sends the webhooks of whatever
 * changed since the last time.
 */
export class SandboxState {
  readonly clock = new SandboxClock();
  readonly orders = new Map<string, OrderJob>();
  readonly cancellations = new Map<string, CancellationJob>();
  private readonly open = new Set<OrderJob>();
  private readonly watched = new Set<OrderJob>();
  private readonly watchedCancellations = new Set<CancellationJob>();
  private readonly pool: ManagedPool;
  private readonly ids: () => string;
  private readonly seed: number;
  private seq = 0;

  constructor(private readonly options: StateOptions) {
    this.seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    const idRandom = options.seed === undefined ? undefined : seededRandom(options.seed ^ 0x5eed);
    this.ids = idRandom ? () => hex(idRandom, 32) : () => crypto.randomUUID().replace(/-/g, '');
    this.pool = new ManagedPool(options.managedSlots ?? 2, options.processingMs, (job) => {
      const discount = job.parsed.managed_discount ?? 0;
      return discount <= options.retailer.managedDemand(job.parsed).max_servable_discount;
    });
  }

  get processingMs(): number {
    return this.options.processingMs;
  }

  createOrder(token: string, sent: Record<string, unknown>, parsed: OrderRequest): OrderJob {
    const now = this.clock.now();
    const seq = ++this.seq;
    const managed = parsed.addax === true;
    const job: OrderJob = {
      requestId: this.ids(),
      token,
      seq,
      request: sent,
      parsed,
      createdAt: now,
      random: seededRandom(this.seed + seq * 7919),
      managed,
      decideAt: managed ? Number.POSITIVE_INFINITY : now + this.options.processingMs,
      deadline: now + (parsed.addax_queue_timeout ?? DEFAULT_ADDAX_QUEUE_TIMEOUT_S) * 1000,
      cancelled: [],
      webhooks: parsed.webhooks,
      told: { phase: 'processing', tracking: 0 },
    };
    this.orders.set(job.requestId, job);
    this.open.add(job);
    if (job.webhooks) this.watched.add(job);
    if (managed) this.pool.enqueue(job);
    this.options.log(
      `order ${job.requestId} created (${parsed.retailer}${managed ? ', managed' : ''})`,
    );
    return job;
  }

  order(token: string, requestId: string): OrderJob | undefined {
    const job = this.orders.get(requestId);
    return job?.token === token ? job : undefined;
  }

  /** Asks to stop an order in progress; it takes effect after a short while, unless the order finishes first. */
  abort(job: OrderJob): void {
    if (job.outcome || job.abortAt !== undefined) return;
    job.abortAt = this.clock.now() + Math.max(1, Math.ceil(this.options.processingMs / 4));
  }

  createCancellation(
    token: string,
    order: OrderJob,
    sent: Record<string, unknown>,
    body: CancellationRequest,
  ): CancellationJob {
    const now = this.clock.now();
    const seq = ++this.seq;
    const plan = this.options.retailer.cancellationPlan(order.parsed, body.merchant_order_id, {
      now,
      random: seededRandom(this.seed + seq * 7919),
      requestId: order.requestId,
    });
    const answerAt = now + this.options.processingMs;
    const job: CancellationJob = {
      requestId: this.ids(),
      token,
      order,
      merchantOrderId: body.merchant_order_id,
      request: sent,
      createdAt: now,
      plan,
      answerAt,
      // The retailer's attempt has no promised length; here it takes ten processing
      // times, at least five seconds, long enough for a client polling to see it.
      finalAt: plan.via_attempting
        ? answerAt + Math.max(10 * this.options.processingMs, 5_000)
        : answerAt,
      webhooks: body.webhooks,
      told: 'processing',
    };
    this.cancellations.set(job.requestId, job);
    this.watchedCancellations.add(job);
    this.options.log(`cancellation ${job.requestId} of ${order.requestId} created`);
    return job;
  }

  cancellation(token: string, requestId: string): CancellationJob | undefined {
    const job = this.cancellations.get(requestId);
    return job?.token === token ? job : undefined;
  }

  /** Brings every job up to now and sends the webhooks of what changed. */
  settle(): void {
    const now = this.clock.now();
    const { timedOut, abortedWaiting } = this.pool.settle(now);
    for (const job of timedOut) {
      this.finish(job, job.deadline, {
        kind: 'failed',
        code: 'managed_temporarily_overloaded',
        message:
          'The managed accounts could not take the order in time. Try again later, pay more (a lower managed_discount) or raise the priority bid.',
      });
    }
    for (const job of abortedWaiting) this.finish(job, job.abortAt as number, this.aborted());
    for (const job of [...this.open]) {
      const decisionAt = job.managed ? job.finishAt : job.decideAt;
      if (
        job.abortAt !== undefined &&
        job.abortAt <= now &&
        (decisionAt === undefined || job.abortAt < decisionAt)
      ) {
        this.finish(job, job.abortAt, this.aborted());
      } else if (decisionAt !== undefined && decisionAt <= now) {
        const result = this.options.retailer.place(job.parsed, {
          now: decisionAt,
          random: job.random,
          requestId: job.requestId,
        });
        this.finish(job, decisionAt, result);
      }
    }
    for (const job of [...this.watched]) this.tellOrder(job, now);
    for (const job of [...this.watchedCancellations]) this.tellCancellation(job, now);
  }

  private aborted() {
    return {
      kind: 'failed' as const,
      code: 'aborted_request',
      message: 'The order was aborted before it was placed.',
    };
  }

  private finish(
    job: OrderJob,
    at: number,
    result: NonNullable<OrderJob['outcome']>['result'],
  ): void {
    if (job.outcome) return;
    job.outcome = { at, result };
    this.open.delete(job);
    this.options.log(
      `order ${job.requestId} ${result.kind === 'placed' ? 'placed' : `failed: ${result.code}`}`,
    );
  }

  private tellOrder(job: OrderJob, now: number): void {
    const hooks = job.webhooks;
    if (!hooks) return void this.watched.delete(job);
    const phase: OrderPhase = phaseOf(job);
    if (phase !== job.told.phase) {
      const body = orderBody(job, job.outcome?.at ?? now);
      if (phase === 'placed' && hooks.request_succeeded)
        this.options.webhooks.send(hooks.request_succeeded, body);
      if (phase === 'failed' && hooks.request_failed)
        this.options.webhooks.send(hooks.request_failed, body);
      if (hooks.status_updated) this.options.webhooks.send(hooks.status_updated, body);
      job.told.phase = phase;
    }
    if (job.outcome?.result.kind === 'placed') {
      const placed = job.outcome.result.order;
      const tracking = visibleTracking(placed, now).length;
      if (tracking > job.told.tracking) {
        const url = job.told.tracking === 0 ? hooks.tracking_obtained : hooks.tracking_updated;
        if (url) this.options.webhooks.send(url, orderBody(job, now));
        job.told.tracking = tracking;
      }
      if (tracking === placed.tracking_schedule.length) this.watched.delete(job);
    } else if (phase === 'failed') {
      this.watched.delete(job);
    }
  }

  private tellCancellation(job: CancellationJob, now: number): void {
    const phases = phasesUntil(job, now);
    const fresh = phases.slice(phases.indexOf(job.told) + 1);
    for (const phase of fresh) {
      const url =
        phase === 'cancelled'
          ? job.webhooks?.request_succeeded
          : phase === 'processing'
            ? undefined
            : job.webhooks?.request_failed;
      if (url) this.options.webhooks.send(url, cancellationBody(job, phase));
      if (phase === 'cancelled') job.order.cancelled.push(job.merchantOrderId);
      if (phase === 'cancelled' || phase === 'failed')
        this.options.log(
          `cancellation ${job.requestId} ${phase}, decided at ${new Date(job.finalAt).toISOString()}`,
        );
      job.told = phase as CancellationPhase;
    }
    if (job.told === 'cancelled' || job.told === 'failed') this.watchedCancellations.delete(job);
  }

  /** A token's orders, newest first. */
  ordersOf(token: string): OrderJob[] {
    return [...this.orders.values()]
      .filter((job) => job.token === token)
      .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
  }

  counts(): Record<string, { orders: number; cancellations: number }> {
    const counts: Record<string, { orders: number; cancellations: number }> = {};
    const of = (token: string) => {
      counts[token] ??= { orders: 0, cancellations: 0 };
      return counts[token];
    };
    for (const job of this.orders.values()) of(job.token).orders += 1;
    for (const job of this.cancellations.values()) of(job.token).cancellations += 1;
    return counts;
  }
}
