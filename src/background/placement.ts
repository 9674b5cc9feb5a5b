import { describeProblems, type FieldProblem } from '../api/problems.ts';
import { type OrderRequest, orderRequestSchema } from '../api/schemas/order-request.ts';
import { notesOf } from '../shared/client-notes.ts';
import type { PlaceResult } from '../shared/protocol.ts';
import { addOrder } from './changes.ts';
import { clock } from './clock.ts';
import type { Along } from './history/record-ops.ts';
import { history } from './history.ts';
import { newOrder } from './order-life/new-order.ts';
import { BATCH_NOTE, REFERENCE_NOTE } from './order-life/service-body.ts';
import { keepPendingBody } from './pending-bodies.ts';
import { readSettings } from './settings-store.ts';
import { type SecretRefs, secretsForOrder } from './vault/vault-service.ts';

export { REFERENCE_NOTE };

/** An own-account order's secrets, as the vault gives them: never sent to a page or stored. */
export type OwnSecrets = Awaited<ReturnType<typeof secretsForOrder>>;

/**
 * The one request builder and check, for every order (the popup's form, "Order again",
 * a retry, a bulk row): a draft, with the vault's secrets, becomes the request the
 * service gets, checked by the contract's schema. Nothing else checks a request (the
 * client sends what it is given; a bulk batch's dry run previews with this). What the
 * buyer wrote in client notes is kept beside Buyline's reference, never replaced by it;
 * the idempotency key is the background's to choose, once per order. Pure.
 */
export function checkedRequest(
  draftId: string,
  draft: Record<string, unknown>,
  secrets: OwnSecrets | undefined,
  batchId?: string,
): { request: OrderRequest } | { problems: FieldProblem[] } {
  const { idempotency_key: _ignored, ...rest } = draft;
  const checked = orderRequestSchema.safeParse({
    ...rest,
    ...secrets,
    client_notes: {
      ...notesOf(draft.client_notes),
      ...(batchId ? { [BATCH_NOTE]: batchId } : {}),
      [REFERENCE_NOTE]: draftId,
    },
  });
  return checked.success
    ? { request: checked.data }
    : { problems: describeProblems(checked.error) };
}

/**
 * The click: records a new order, held for the hold before sending (or sending at
 * once). The record, with its idempotency key and its reference in `client_notes`, is
 * written before anything is sent, so a worker stopped at any point resumes the same
 * order; and the draft id is the record's key, so a second submit of the same draft is
 * the same order, never a second one. The scheduler sends it when its hold ends.
 * `batchId`: the bulk batch handing the order over; the record keeps it (the history
 * finds a batch's orders by it) and the service gets it in `client_notes` too; `along`:
 * the batch's writes made in the order's own transaction (its row handed over, its
 * cursor), which are not made when the order already exists or is refused.
 */
export async function placeOrder(
  draftId: string,
  draft: Record<string, unknown>,
  options: {
    title?: string | undefined;
    secrets?: SecretRefs | undefined;
    batchId?: string | undefined;
    along?: Along | undefined;
  } = {},
  now = clock.now(),
): Promise<PlaceResult> {
  const store = await history();
  const existing = await store.getOrder(draftId);
  if (existing) return { placed: true, order: existing, duplicate: true };

  // Own-account secrets are decrypted here, at the moment of placement; the popup
  // only ever named them by id.
  const secrets = options.secrets ? await secretsForOrder(options.secrets) : undefined;
  const checked = checkedRequest(draftId, draft, secrets, options.batchId);
  if ('problems' in checked) return { placed: false, problems: checked.problems };

  const { request } = checked;
  const record = newOrder(
    draftId,
    request,
    options.title,
    { now, settings: await readSettings() },
    options.batchId,
  );
  // The full body (secrets included) goes to memory-only storage first; the history
  // stores the redacted request.
  await keepPendingBody(draftId, request as Record<string, unknown>);
  const { record: stored, created } = await addOrder(record, 'created', options.along);
  return { placed: true, order: stored, duplicate: !created };
}
