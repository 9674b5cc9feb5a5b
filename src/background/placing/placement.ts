import { describeProblems, type FieldProblem } from '../../api/problems.ts';
import { type OrderRequest, orderRequestSchema } from '../../api/schemas/order-request.ts';
import { notesOf } from '../../shared/client-notes.ts';
import type { PlaceResult } from '../../shared/protocol.ts';
import { clock } from '../clock.ts';
import { addOrder } from '../history/changes.ts';
import { history } from '../history/connection.ts';
import type { Along } from '../history/record-ops.ts';
import { newOrder } from '../order-life/new-order.ts';
import { BATCH_NOTE, REFERENCE_NOTE } from '../order-life/service-body.ts';
import { readSettings } from '../settings-store.ts';
import { type SecretRefs, secretsForOrder } from '../vault/vault-service.ts';
import { keepPendingBody } from './pending-bodies.ts';

/** An own-account order's secrets, as the vault gives them: never sent to a page or stored. */
export type OwnSecrets = Awaited<ReturnType<typeof secretsForOrder>>;

/**
 * The one request builder and check, for every order (the popup's form, "Order again",
 * a retry, a bulk row and its dry run): a draft with the vault's secrets becomes the
 * request, checked by the contract's schema. The buyer's client notes are kept beside
 * Buyline's reference; the idempotency key is the background's to choose. Pure.
 */
function checkedRequest(
  draftId: string,
  draft: Record<string, unknown>,
  secrets: OwnSecrets | undefined,
  batchId?: string,
): { request: OrderRequest } | { problems: FieldProblem[] } {
  const { idempotency_key: _ignored, ...rest } = draft;
  const checked = orderRequestSchema().safeParse({
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

/** The fields the vault fills for an own-account order, at the moment it is placed. */
const VAULT_FIELD = /^(retailer_credentials|payment_method|billing_address)(\.|$)/;

/**
 * What the one check (`checkedRequest`) says of a draft before it is placed, for a form
 * or a dry run: `secrets` where the vault gave them; `vaultFills` where own-account items
 * are chosen but not yet decrypted, so the fields they will fill are not counted missing.
 */
export function draftProblems(
  draft: Record<string, unknown>,
  secrets: OwnSecrets | undefined,
  vaultFills: boolean,
): FieldProblem[] {
  const checked = checkedRequest(crypto.randomUUID(), draft, secrets);
  if (!('problems' in checked)) return [];
  return vaultFills
    ? checked.problems.filter((problem) => !VAULT_FIELD.test(problem.field))
    : checked.problems;
}

/**
 * The click: records a new order, held (or sending at once), before anything is sent,
 * so a worker stopped at any point resumes the same order; the draft id is its key, so
 * a second submit of a draft is the same order. `batchId`: the bulk batch handing it
 * over (kept on the record and sent in `client_notes`); `along`: the batch's writes made
 * in the order's own transaction, not made when the order exists or is refused.
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

  // Own-account secrets are decrypted only now; the popup only ever named them by id.
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
  // The full body (secrets included) goes to memory-only storage; the history redacts it.
  await keepPendingBody(draftId, request as Record<string, unknown>);
  const { record: stored, created } = await addOrder(record, 'created', options.along);
  return { placed: true, order: stored, duplicate: !created };
}
