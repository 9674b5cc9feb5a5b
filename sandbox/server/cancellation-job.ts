import type { Webhooks } from '../../src/api/schemas/common.ts';
import { type ErrorBody, errorBody } from './error-body.ts';
import type { OrderJob } from './order-job.ts';

export type CancellationPhase = 'processing' | 'attempting_to_cancel' | 'cancelled' | 'failed';

export interface CancellationJob {
  requestId: string;
  token: string;
  order: OrderJob;
  merchantOrderId: string;
  request: Record<string, unknown>;
  createdAt: number;
  plan: { via_attempting: boolean; outcome: 'cancelled' | { code: string; message: string } };
  /** When the retailer answers first, and when an attempt ends. */
  answerAt: number;
  finalAt: number;
  webhooks: Pick<Webhooks, 'request_succeeded' | 'request_failed'> | undefined;
  told: CancellationPhase;
}

const ORDER: CancellationPhase[] = ['processing', 'attempting_to_cancel', 'cancelled', 'failed'];

/** The phases a cancellation goes through, in order, up to `now`. */
export function phasesUntil(job: CancellationJob, now: number): CancellationPhase[] {
  const final: CancellationPhase = job.plan.outcome === 'cancelled' ? 'cancelled' : 'failed';
  const phases: CancellationPhase[] = ['processing'];
  if (job.plan.via_attempting && now >= job.answerAt) phases.push('attempting_to_cancel');
  if (now >= job.finalAt) phases.push(final);
  return phases.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
}

export function cancellationPhase(job: CancellationJob, now: number): CancellationPhase {
  return phasesUntil(job, now).at(-1) as CancellationPhase;
}

/** The body a GET of this cancellation answers in `phase`. */
export function cancellationBody(
  job: CancellationJob,
  phase: CancellationPhase,
): Record<string, unknown> | ErrorBody {
  const common = { request_id: job.requestId, order_request_id: job.order.requestId };
  switch (phase) {
    case 'processing':
      return {
        ...errorBody('request_processing', 'The cancellation is still processing.', {
          request: job.request,
        }),
        ...common,
      };
    case 'attempting_to_cancel':
      return {
        ...errorBody('attempting_to_cancel', 'The retailer is attempting to cancel the order.', {
          request: job.request,
        }),
        ...common,
      };
    case 'cancelled':
      return {
        _type: 'cancellation_response',
        merchant_order_id: job.merchantOrderId,
        request: job.request,
        ...common,
      };
    case 'failed': {
      const outcome =
        job.plan.outcome === 'cancelled'
          ? { code: 'cancellation_failed', message: '' }
          : job.plan.outcome;
      return { ...errorBody(outcome.code, outcome.message, { request: job.request }), ...common };
    }
  }
}
