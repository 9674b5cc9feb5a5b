/**
 * Where each field of a bulk order came from, so that a problem the order's check finds
 * in a field is told as the cell the user can fix, or as the saved default it came from.
 */
import { t } from '../i18n.ts';
import type { RowProblem } from './types.ts';

export interface Source {
  row: number;
  column: string;
}

export interface Sources {
  /** The order's first row: where order-wide problems are told. */
  first: number;
  retailer?: Source;
  /** Per product, the cell that gave its id (product_id or product_url). */
  products: Source[];
  quantities: Source[];
  /** The row whose cells gave the address; absent when the default address applied. */
  address?: Source;
  /** Where to tell that no address was given and none is saved. */
  addressMissing?: Source;
  shipping?: Source;
  gift?: Source;
  giftMessage?: Source;
  notes?: Source;
  maxPrice?: Source;
}

/** The managed-mode fields, which come from the saved managed settings. */
const MANAGED_FIELD = /^(managed_\w+|addax_queue_timeout)$/;

/** The row and column of the request field at `path` (a dotted path). */
export function locate(sources: Sources, path: string): Source {
  const [top = '', second, third] = path.split('.');
  const at = (source: Source | undefined, fallback: string): Source =>
    source ?? { row: sources.first, column: fallback };
  switch (top) {
    case 'retailer':
    case 'addax':
      return at(sources.retailer, 'retailer');
    case 'products': {
      const index = Number(second);
      const product = sources.products[index];
      if (!product) return { row: sources.first, column: 'product_id' };
      if (third === 'quantity') return at(sources.quantities[index], 'quantity');
      if (third === 'seller_selection_criteria')
        return { row: product.row, column: t('bulk_columnDefaultCriteria') };
      return product;
    }
    case 'shipping_address':
      if (sources.address) return { row: sources.address.row, column: second ?? 'address' };
      return sources.addressMissing ?? at(undefined, t('bulk_columnDefaultAddress'));
    case 'shipping_method':
    case 'shipping':
      return at(sources.shipping, t('bulk_columnDefaultShipping'));
    case 'is_gift':
    case 'require_gift':
      return at(sources.gift, t('bulk_columnDefaultGift'));
    case 'gift_message':
      return at(sources.giftMessage, t('bulk_columnDefaultGift'));
    case 'client_notes':
      return at(sources.notes, 'client_notes');
    case 'max_price':
      return at(sources.maxPrice, 'max_price');
    case 'webhooks':
      return at(undefined, t('bulk_columnDefaultWebhooks'));
    default:
      return at(undefined, MANAGED_FIELD.test(top) ? t('bulk_columnDefaultManaged') : path);
  }
}

/** "Row 12, quantity: must be a whole number of at least 1." */
export function problemText(problem: RowProblem): string {
  return problem.column
    ? t('bulk_problemAt', problem.row, problem.column, problem.message)
    : t('bulk_problemRow', problem.row, problem.message);
}

/** One problem per cell (the first found), in row order; a row's own problems all stay. */
export function onePerCell(problems: RowProblem[]): RowProblem[] {
  const seen = new Set<string>();
  return problems
    .filter((problem) => {
      const key = `${problem.row}\u0000${problem.column || problem.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.row - b.row);
}
