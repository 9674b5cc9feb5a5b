/**
 * Each order of a bulk file made into a draft with the saved defaults (what the batch
 * records and placement builds and checks its request from), and the dry run: the same
 * draft with what placement's one check (`checkedRequest`) would say of it, with an
 * own-account batch's real secrets from the vault, every problem told as the row and
 * column to fix.
 */

import type { FieldProblem } from '../../api/problems.ts';
import type { SentOrder } from '../../shared/bulk/messages.ts';
import { type MappedOrder, mapOrder } from '../../shared/bulk/row-to-request.ts';
import { locate, onePerCell, type Sources } from '../../shared/bulk/sources.ts';
import type { BulkOptions, CheckedOrder, RowProblem } from '../../shared/bulk/types.ts';
import { t } from '../../shared/i18n.ts';
import type { Settings } from '../../shared/settings.ts';
import type { VaultStatus } from '../../shared/vault-items.ts';
import { checkedRequest, type OwnSecrets } from '../placement.ts';

/** A checked order, with what placement needs when it passed. */
export interface OrderCheck extends CheckedOrder {
  request: Record<string, unknown>;
  sources: Sources;
}

const SECRET_FIELDS = ['retailer_credentials', 'payment_method', 'billing_address'];
const isSecretField = (field: string) =>
  SECRET_FIELDS.some((name) => field === name || field.startsWith(`${name}.`));

/** The schema's sentence without its leading field path, reworded for a file's cells. */
function wording(problem: FieldProblem): string {
  const { field, message } = problem;
  const bare = field && message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
  if (field === 'max_price' && bare.startsWith('is required')) return t('bulk_maxPriceRequired');
  if (field === 'addax') return t('bulk_managedProblem', bare);
  return bare;
}

/** Problems the schema finds, told at their rows and columns. */
export function schemaProblems(problems: FieldProblem[], sources: Sources): RowProblem[] {
  return problems.map((problem) => {
    const where = locate(sources, problem.field);
    return { row: where.row, column: where.column, message: wording(problem) };
  });
}

export interface BatchContext {
  settings: Settings;
  options: BulkOptions;
  /** The vault's labels, for own-account batches. */
  vault?: VaultStatus;
  /**
   * The chosen items' real values, resolved in the background when the vault is
   * unlocked, so an own-account order is checked as it will be sent. Without them the
   * batch's own problem (the vault) is told once, not at every row.
   */
  secrets?: OwnSecrets;
}

/** Problems of the batch as a whole: for own-account batches, the vault items chosen. */
export function batchProblems({ options, vault }: BatchContext): string[] {
  if (options.mode !== 'own') return [];
  if (!vault?.exists) return [t('bulk_needsVault')];
  if (!vault.unlocked) return [t('bulk_vaultLockedCheck')];
  const secrets = options.secrets;
  if (!secrets) return [t('bulk_chooseVaultItems')];
  const problems: string[] = [];
  const wanted = [
    ['credentialsId', 'credentials', 'bulk_vaultLoginGone'],
    ['paymentId', 'payment', 'bulk_vaultPaymentGone'],
    ['billingId', 'billing', 'bulk_vaultBillingGone'],
  ] as const;
  for (const [field, kind, gone] of wanted) {
    const item = vault.items.find((candidate) => candidate.id === secrets[field]);
    if (!item || item.kind !== kind) problems.push(t(gone));
  }
  return problems;
}

/** The retailer a batch's chosen login is for, if it names one. */
function loginRetailer({ options, vault }: BatchContext): string | undefined {
  const id = options.secrets?.credentialsId;
  return vault?.items.find((item) => item.id === id && item.kind === 'credentials')?.retailer;
}

/**
 * What placement's one check (`checkedRequest`) would say of a draft, with the batch's
 * real secrets. Without them (a vault that cannot give them) the secrets' problems are
 * the batch's, told once (`batchProblems`), not at every row.
 */
function placementProblems(draft: Record<string, unknown>, context: BatchContext) {
  const managed = context.options.mode === 'managed';
  const secrets = managed ? undefined : context.secrets;
  const checked = checkedRequest(crypto.randomUUID(), draft, secrets);
  if (!('problems' in checked)) return [];
  return checked.problems.filter(
    (problem) => managed || secrets !== undefined || !isSecretField(problem.field),
  );
}

/**
 * One order (a row, or the rows of one order_key) made into a draft, with the problems
 * its cells show (and a login for another retailer than its own). The request's own
 * rules are placement's one check; `preview` (the dry run) adds what it would say.
 */
export function draftOrder(group: SentOrder, context: BatchContext, preview = false): OrderCheck {
  const mapped: MappedOrder = mapOrder(group, context.settings, context.options);
  const problems = [...mapped.problems];
  if (preview)
    problems.push(...schemaProblems(placementProblems(mapped.request, context), mapped.sources));
  const login = context.options.mode === 'own' ? loginRetailer(context) : undefined;
  if (login && mapped.retailer && login !== mapped.retailer) {
    const where = locate(mapped.sources, 'retailer');
    problems.push({
      ...where,
      message: t('bulk_loginOtherRetailer', mapped.retailer, login),
    });
  }
  return {
    ...(group.key ? { key: group.key } : {}),
    rows: group.rows.map((row) => row.row),
    problems: onePerCell(problems),
    defaults: mapped.defaults,
    ...(mapped.retailer ? { retailer: mapped.retailer } : {}),
    products: mapped.products,
    ...(mapped.maxPrice !== undefined ? { maxPrice: mapped.maxPrice } : {}),
    ...(mapped.currency ? { currency: mapped.currency } : {}),
    request: mapped.request,
    sources: mapped.sources,
  };
}

/** The dry run of one order: its draft and every problem placement would find. */
export function checkOrder(group: SentOrder, context: BatchContext): OrderCheck {
  return draftOrder(group, context, true);
}

/** The page's view of a check: no request bodies, which it never needs. */
export function forPage({
  request: _request,
  sources: _sources,
  ...order
}: OrderCheck): CheckedOrder {
  return order;
}
