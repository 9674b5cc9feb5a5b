import { describeProblems } from '../api/problems.ts';
import { orderRequestSchema } from '../api/schemas/order-request.ts';
import { notesOf } from '../shared/client-notes.ts';
import type { PlaceResult } from '../shared/protocol.ts';
import { addOrder } from './changes.ts';
import { clock } from './clock.ts';
import { history } from './history.ts';
import { newOrder } from './order-life/new-order.ts';
import { BATCH_NOTE, REFERENCE_NOTE } from './order-life/service-body.ts';
import { keepPendingBody } from './pending-bodies.ts';
import { readSettings } from './settings-store.ts';
import { type SecretRefs, secretsForOrder } from './vault/vault-service.ts';

export { REFERENCE_NOTE };

/**
 * The click: records a new order, held for the hold before sending (or sending at
 * once). The record, with its idempotency key and its reference in `client_notes`, is
 * written before anything is sent, so a worker stopped at any point resumes the same
 * order; and the draft id is the record's key, so a second submit of the same draft is
 * the same order, never a second one. The scheduler sends it when its hold ends.
 * `batchId`: the bulk batch handing the order over; the record keeps it (the history
 * finds a batch's orders by it) and the service gets it in `client_notes` too.
 */
export async function placeOrder(
  draftId: string,
  input: Record<string, unknown>,
  options: {
    title?: string | undefined;
    secrets?: SecretRefs | undefined;
    batchId?: string | undefined;
  } = {},
  now = clock.now(),
): Promise<PlaceResult> {
  const store = await history();
  const existing = await store.getOrder(draftId);
  if (existing) return { placed: true, order: existing, duplicate: true };

  // Own-account secrets are decrypted here, at the moment of placement; the popup
  // only ever named them by id.
  const secrets = options.secrets ? await secretsForOrder(options.secrets) : {};
  // What the buyer wrote is kept beside Buyline's reference, never replaced by it.
  const notes = notesOf(input.client_notes);
  // The idempotency key is the background's to choose, once per order.
  const { idempotency_key: _ignored, ...rest } = input;
  const { batchId } = options;
  const body = {
    ...rest,
    ...secrets,
    client_notes: {
      ...notes,
      ...(batchId ? { [BATCH_NOTE]: batchId } : {}),
      [REFERENCE_NOTE]: draftId,
    },
  };
  const checked = orderRequestSchema.safeParse(body);
  if (!checked.success) return { placed: false, problems: describeProblems(checked.error) };

  const request = checked.data;
  const record = newOrder(
    draftId,
    request,
    options.title,
    { now, settings: await readSettings() },
    batchId,
  );
  // The full body (secrets included) goes to memory-only storage first; the history
  // stores the redacted request.
  await keepPendingBody(draftId, request as Record<string, unknown>);
  const { record: stored, created } = await addOrder(record, 'created');
  return { placed: true, order: stored, duplicate: !created };
}
