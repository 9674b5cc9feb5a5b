/**
 * Each order of a bulk file made into a draft with the saved defaults, and the dry run:
 * what placement's one check would say of it, each problem told as the cell to fix.
 */

import type { FieldProblem } from '../../api/problems.ts';
import type { SentOrder } from '../../shared/bulk/messages.ts';
import { type MappedOrder, mapOrder } from '../../shared/bulk/row-to-request.ts';
import { locate, onePerCell, type Sources } from '../../shared/bulk/sources.ts';
import type { BulkOptions, CheckedOrder, RowProblem } from '../../shared/bulk/types.ts';
import { t } from '../../shared/i18n.ts';
import type { Settings } from '../../shared/settings.ts';
import type { VaultStatus } from '../../shared/vault-items.ts';
import type { StoredRow } from '../history/stored-batches.ts';
import { draftProblems, type OwnSecrets } from '../placing/placement.ts';

/** A checked order, with its draft and where each of its fields came from. */
type OrderCheck = CheckedOrder & MappedOrder;

/** The schema's sentence without its leading field path, reworded for a file's cells. */
function wording(problem: FieldProblem): string {
  const { field, message } = problem;
  const bare = field && message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
  if (field === 'max_price' && bare.startsWith('is required')) return t('bulk_maxPriceRequired');
  // The one rule about the mode itself: a storefront without managed accounts.
  if (field === 'addax') return t('bulk_managedNotOffered');
  return bare;
}

/** Problems the schema finds, told at their rows and columns. */
function schemaProblems(problems: FieldProblem[], sources: Sources): RowProblem[] {
  return problems.map((problem) => {
    const where = locate(sources, problem.field);
    return { row: where.row, column: where.column, message: wording(problem) };
  });
}

/** Problems placement found in a recorded row's draft, told at its rows and columns. */
export function rowProblems(problems: FieldProblem[], row: StoredRow): RowProblem[] {
  return schemaProblems(
    problems,
    row.sources ?? { first: row.rows[0] ?? 0, products: [], quantities: [] },
  );
}

export interface BatchContext {
  settings: Settings;
  options: BulkOptions;
  /** The vault's labels, for own-account batches. */
  vault?: VaultStatus;
  /** The chosen items' real values (the dry run), so an order is checked as it will be sent. */
  secrets?: OwnSecrets;
}

/** Problems of the batch as a whole: for own-account batches, the vault items chosen. */
export function batchProblems({ options, vault }: BatchContext): string[] {
  if (options.mode !== 'own') return [];
  if (!vault?.exists) return [t('bulk_needsVault')];
  if (!vault.unlocked) return [t('bulk_vaultLockedCheck')];
  const secrets = options.secrets;
  if (!secrets) return [t('bulk_chooseVaultItems')];
  const wanted = [
    ['credentialsId', 'credentials', 'bulk_vaultLoginGone'],
    ['paymentId', 'payment', 'bulk_vaultPaymentGone'],
    ['billingId', 'billing', 'bulk_vaultBillingGone'],
  ] as const;
  return wanted.flatMap(([field, kind, gone]) =>
    vault.items.some((item) => item.id === secrets[field] && item.kind === kind) ? [] : [t(gone)],
  );
}

/** The retailer a batch's chosen login is for, if it names one. */
function loginRetailer({ options, vault }: BatchContext): string | undefined {
  const id = options.secrets?.credentialsId;
  return vault?.items.find((item) => item.id === id && item.kind === 'credentials')?.retailer;
}

/**
 * What placement's one check (`draftProblems`) would say of a draft. Without the real
 * secrets (a vault that cannot give them) their problems are the batch's, told once
 * (`batchProblems`), not at every row.
 */
function placementProblems(draft: Record<string, unknown>, context: BatchContext) {
  const managed = context.options.mode === 'managed';
  const secrets = managed ? undefined : context.secrets;
  return draftProblems(draft, secrets, !managed && secrets === undefined);
}

/**
 * One order (a row, or the rows of one order_key) made into a draft, with the problems
 * its cells show (and a login for another retailer than its own); `preview` (the dry
 * run) adds what placement's check would say.
 */
export function checkOrder(group: SentOrder, context: BatchContext, preview = true): OrderCheck {
  const mapped = mapOrder(group, context.settings, context.options);
  const problems = [...mapped.problems];
  if (preview)
    problems.push(...schemaProblems(placementProblems(mapped.request, context), mapped.sources));
  const login = context.options.mode === 'own' ? loginRetailer(context) : undefined;
  if (login && mapped.retailer && login !== mapped.retailer) {
    const where = locate(mapped.sources, 'retailer');
    problems.push({ ...where, message: t('bulk_loginOtherRetailer', mapped.retailer, login) });
  }
  return {
    ...mapped,
    ...(group.key ? { key: group.key } : {}),
    rows: group.rows.map((row) => row.row),
    problems: onePerCell(problems),
  };
}
