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
import { seededRandom } from './clock.ts';
import { ManagedPool } from './managed-pool.ts';
import { OrderIndex } from './order-index.ts';
import { type OrderJob, orderBody, phaseOf, visibleTracking } from './order-job.ts';
import type { RepeatedKeyAnswer } from './repeated-key.ts';
import type { SandboxTime } from './sandbox-time.ts';
import type { WebhookSender } from './webhooks.ts';

export interface StateOptions {
  processingMs: number;
  seed?: number | undefined;
  retailer: SimulatedRetailer;
  webhooks: WebhookSender;
  time: SandboxTime;
  repeatedKey?: RepeatedKeyAnswer | undefined;
  managedSlots?: number;
  log: (line: string) => void;
}

function hex(random: () => number, length: number): string {
  return Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
}

type Result = NonNullable<OrderJob['outcome']>['result'];

const ABORTED: Result = {
  kind: 'failed',
  code: 'aborted_request',
  message: 'The order was aborted before it was placed.',
};

const OVERLOADED: Result = {
  kind: 'failed',
  code: 'managed_temporarily_overloaded',
  message:
    'The managed accounts could not take the order in time. Try again later, pay more (a lower managed_discount) or raise the priority bid.',
};

/**
 * Everything the sandbox knows: orders and cancellations of every token, the managed
 * pool, the time. Jobs move on by time alone: each change is a due entry in sandbox
 * time (see SandboxTime), carried out when it falls due or before any answer that
 * could see it, and sends the webhooks of what changed. No work walks every order.
 */
export class SandboxState {
  readonly orders = new Map<string, OrderJob>();
  readonly cancellations = new Map<string, CancellationJob>();
  readonly index = new OrderIndex();
  /** How a repeated idempotency key is answered (the control API can change it). */
  repeatedKey: RepeatedKeyAnswer;
  private readonly pool: ManagedPool;
  private readonly ids: () => string;
  private readonly seed: number;
  private seq = 0;

  constructor(private readonly options: StateOptions) {
    this.repeatedKey = options.repeatedKey ?? 'replay';
    this.seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    const idRandom = options.seed === undefined ? undefined : seededRandom(options.seed ^ 0x5eed);
    this.ids = idRandom ? () => hex(idRandom, 32) : () => crypto.randomUUID().replace(/-/g, '');
    this.pool = new ManagedPool(
      options.managedSlots ?? 2,
      options.processingMs,
      (job) => {
        const discount = job.parsed.managed_discount ?? 0;
        return discount <= options.retailer.managedDemand(job.parsed).max_servable_discount;
      },
      options.time,
      {
        started: (job) => this.time.at(job.finishAt as number, () => this.decide(job)),
        left: (job, why) =>
          why === 'aborted'
            ? this.finish(job, job.abortAt as number, ABORTED)
            : this.finish(job, job.deadline, OVERLOADED),
      },
    );
  }

  get time(): SandboxTime {
    return this.options.time;
  }

  get processingMs(): number {
    return this.options.processingMs;
  }

  /** Carries out everything due by now (before an answer, so that it sees it). */
  settle(): void {
    this.time.run();
  }

  createOrder(token: string, sent: Record<string, unknown>, parsed: OrderRequest): OrderJob {
    const now = this.time.now();
    const seq = ++this.seq;
    const managed = parsed.addax === true;
    const job: OrderJob = {
      requestId: this.ids(),
      token,
      seq,
      request: sent,
      parsed,
      createdAt: now,
      managed,
      decideAt: managed ? Number.POSITIVE_INFINITY : now + this.options.processingMs,
      deadline: now + (parsed.addax_queue_timeout ?? DEFAULT_ADDAX_QUEUE_TIMEOUT_S) * 1000,
    };
    if (parsed.webhooks)
      job.webhooks = { urls: parsed.webhooks, told: { phase: 'processing', tracking: 0 } };
    this.orders.set(job.requestId, job);
    this.index.orderAdded(job);
    this.options.log(
      `order ${job.requestId} created (${parsed.retailer}${managed ? ', managed' : ''})`,
    );
    if (managed) this.pool.enqueue(job);
    else this.time.at(job.decideAt, () => this.decide(job));
    return job;
  }

  order(token: string, requestId: string): OrderJob | undefined {
    const job = this.orders.get(requestId);
    return job?.token === token ? job : undefined;
  }

  /** Asks to stop an order in progress; it takes effect after a short while, unless the order finishes first. */
  abort(job: OrderJob): void {
    if (job.outcome || job.abortAt !== undefined) return;
    job.abortAt = this.time.now() + Math.max(1, Math.ceil(this.options.processingMs / 4));
    this.time.at(job.abortAt, () => {
      if (job.outcome || (job.managed && this.pool.abortWaiting(job))) return;
      const decisionAt = job.managed ? job.finishAt : job.decideAt;
      if (decisionAt !== undefined && (job.abortAt as number) < decisionAt)
        this.finish(job, job.abortAt as number, ABORTED);
    });
  }

  /** Processing ends: the retailer decides, unless an abort took effect first. */
  private decide(job: OrderJob): void {
    if (job.outcome) return;
    const at = (job.managed ? job.finishAt : job.decideAt) as number;
    if (job.abortAt !== undefined && job.abortAt < at) {
      this.finish(job, job.abortAt, ABORTED);
      return;
    }
    const result = this.options.retailer.place(job.parsed, {
      now: at,
      random: seededRandom(this.seed + job.seq * 7919),
      requestId: job.requestId,
    });
    this.finish(job, at, result);
  }

  private finish(job: OrderJob, at: number, result: Result): void {
    if (job.outcome) return;
    job.outcome = { at, result };
    if (result.kind === 'placed') this.index.orderPlaced(job);
    this.options.log(
      `order ${job.requestId} ${result.kind === 'placed' ? 'placed' : `failed: ${result.code}`}`,
    );
    if (!job.webhooks) return;
    this.tellOrder(job, at);
    // Each tracking number still to come is told when it becomes visible.
    if (result.kind === 'placed')
      for (const entry of result.order.tracking_schedule)
        if (entry.visible_at > at)
          this.time.at(entry.visible_at, () => this.tellOrder(job, this.time.now()));
  }

  createCancellation(
    token: string,
    order: OrderJob,
    sent: Record<string, unknown>,
    body: CancellationRequest,
  ): CancellationJob {
    const now = this.time.now();
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
    order.cancellations ??= [];
    order.cancellations.push(job);
    this.index.cancellationAdded(token);
    this.options.log(`cancellation ${job.requestId} of ${order.requestId} created`);
    this.time.at(answerAt, (at) => this.tellCancellation(job, at));
    if (job.finalAt > answerAt) this.time.at(job.finalAt, (at) => this.tellCancellation(job, at));
    return job;
  }

  cancellation(token: string, requestId: string): CancellationJob | undefined {
    const job = this.cancellations.get(requestId);
    return job?.token === token ? job : undefined;
  }

  /** Sends the webhooks of what changed since the last were sent; the body is the GET's at `now`. */
  private tellOrder(job: OrderJob, now: number): void {
    const hooks = job.webhooks;
    if (!hooks) return;
    const { urls, told } = hooks;
    const phase = phaseOf(job);
    if (phase !== told.phase) {
      const body = orderBody(job, job.outcome?.at ?? now);
      if (phase === 'placed' && urls.request_succeeded)
        this.options.webhooks.send(urls.request_succeeded, body);
      if (phase === 'failed' && urls.request_failed)
        this.options.webhooks.send(urls.request_failed, body);
      if (urls.status_updated) this.options.webhooks.send(urls.status_updated, body);
      told.phase = phase;
    }
    if (job.outcome?.result.kind !== 'placed') return;
    const tracking = visibleTracking(job.outcome.result.order, now).length;
    if (tracking > told.tracking) {
      const url = told.tracking === 0 ? urls.tracking_obtained : urls.tracking_updated;
      if (url) this.options.webhooks.send(url, orderBody(job, now));
      told.tracking = tracking;
    }
  }

  /** Moves a cancellation on to its phase at `now`, telling each new phase. */
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
      if (phase === 'cancelled') {
        job.order.cancelled ??= [];
        job.order.cancelled.push(job.merchantOrderId);
      }
      if (phase === 'cancelled' || phase === 'failed')
        this.options.log(
          `cancellation ${job.requestId} ${phase}, decided at ${new Date(job.finalAt).toISOString()}`,
        );
      job.told = phase as CancellationPhase;
    }
  }

  counts(): Record<string, { orders: number; cancellations: number }> {
    return this.index.counts();
  }
}
