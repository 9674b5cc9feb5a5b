/**
 * One order of a bulk file (one row, or the rows of one order_key) made into an order
 * request, with the saved defaults filling whatever the cells leave out. Problems the
 * cells alone show (money that is no amount, a product_url that is no product page,
 * rows of one order that disagree) are found here; the order's own rules are checked
 * by the background with the same schema as every other order. Pure, and no zod.
 */
import { isRetailerCode, RETAILERS } from '../../api/retailers.ts';
import { notesObject } from '../client-notes.ts';
import { t } from '../i18n.ts';
import { detectProduct } from '../retailer-registry.ts';
import type { Settings } from '../settings.ts';
import { countValue, yesNo } from './cell-values.ts';
import { ADDRESS_COLUMNS, type Column } from './columns.ts';
import type { SentOrder } from './messages.ts';
import { defaultAddress, orderMaxPrice } from './order-values.ts';
import type { Source, Sources } from './sources.ts';
import type { BulkOptions, DefaultUse, RowProblem } from './types.ts';

export interface MappedOrder {
  request: Record<string, unknown>;
  problems: RowProblem[];
  defaults: DefaultUse[];
  sources: Sources;
  retailer?: string;
  products: { productId: string; quantity: number }[];
  maxPrice?: number;
  currency?: string;
}

export type OrderSettings = Pick<
  Settings,
  | 'addresses'
  | 'defaultAddressId'
  | 'shipping'
  | 'maxPriceTolerance'
  | 'gift'
  | 'managed'
  | 'sellerCriteria'
  | 'sellerCriteriaByRetailer'
  | 'webhooks'
>;

export function mapOrder(
  group: SentOrder,
  settings: OrderSettings,
  options: Pick<BulkOptions, 'mode'>,
): MappedOrder {
  const rows = group.rows;
  const first = rows[0]?.row ?? 0;
  const problems: RowProblem[] = [];
  const defaults = new Set<DefaultUse>();
  const problem = (row: number, column: string, message: string) =>
    problems.push({ row, column, message });
  for (const row of rows) for (const issue of row.issues ?? []) problem(row.row, '', issue);

  /** An order column's value: the first given on any row; a different one is a problem. */
  const orderValue = (column: Column): { value: string; row: number } | undefined => {
    let found: { value: string; row: number } | undefined;
    for (const row of rows) {
      const value = (row.cells[column] ?? '').trim();
      if (value === '') continue;
      if (!found) found = { value, row: row.row };
      else if (value !== found.value)
        problem(row.row, column, t('bulk_differsInOrder', found.row, group.key ?? ''));
    }
    return found;
  };

  // Products, and the retailer each row names (itself or through its product_url).
  const sources: Sources = { first, products: [], quantities: [] };
  let retailer: { code: string; row: number; column: Column } | undefined;
  let retailerFallback: Source | undefined;
  const products: { product_id: string; quantity: unknown }[] = [];
  for (const { row, cells } of rows) {
    const url = (cells.product_url ?? '').trim();
    const idText = (cells.product_id ?? '').trim();
    const named = (cells.retailer ?? '').trim().toLowerCase();
    const detected = url ? detectProduct(url) : null;
    if (url && !detected) problem(row, 'product_url', t('bulk_notProductPage'));
    if (detected && idText && idText.toUpperCase() !== detected.productId.toUpperCase())
      problem(row, 'product_id', t('bulk_productDiffers', detected.productId));
    if (detected && named && named !== detected.retailer)
      problem(row, 'retailer', t('bulk_retailerDiffers', named, detected.retailer));
    if (!idText && !url) problem(row, 'product_id', t('bulk_productEmpty'));
    // A product_url that is no product page is the cell to fix for the retailer too.
    if (url && !detected && !named) retailerFallback ??= { row, column: 'product_url' };
    const rowRetailer = named || detected?.retailer;
    const retailerColumn: Column = named ? 'retailer' : 'product_url';
    if (rowRetailer && !retailer) retailer = { code: rowRetailer, row, column: retailerColumn };
    else if (rowRetailer && retailer && rowRetailer !== retailer.code)
      problem(
        row,
        retailerColumn,
        t('bulk_retailerMixed', rowRetailer, retailer.row, retailer.code),
      );
    if (!rowRetailer && (idText || detected)) problem(row, 'retailer', t('bulk_retailerEmpty'));
    const quantity = countValue(cells.quantity);
    if (quantity === undefined) defaults.add('quantity');
    products.push({ product_id: idText || detected?.productId || '', quantity: quantity ?? 1 });
    sources.products.push({ row, column: idText || !url ? 'product_id' : 'product_url' });
    sources.quantities.push({ row, column: 'quantity' });
  }
  if (retailer) sources.retailer = { row: retailer.row, column: retailer.column };
  else if (retailerFallback) sources.retailer = retailerFallback;
  const code = retailer?.code;
  const info = code && isRetailerCode(code) ? RETAILERS[code] : undefined;
  const currency = info?.currency;

  const criteria =
    (info ? settings.sellerCriteriaByRetailer[info.code] : undefined) ?? settings.sellerCriteria;
  if (criteria) defaults.add('seller_criteria');
  const request: Record<string, unknown> = {
    retailer: code ?? '',
    products: products.map((product) =>
      criteria ? { ...product, seller_selection_criteria: criteria } : product,
    ),
  };

  // The ship-to address: the row's own when any address cell is filled, else the default.
  const address: Record<string, string> = {};
  let addressRow: number | undefined;
  for (const column of ADDRESS_COLUMNS) {
    const found = orderValue(column);
    if (!found) continue;
    addressRow ??= found.row;
    // Codes are written in capitals ("us", "ma"); a county or region name stays as written.
    const code = column === 'country' || (column === 'state' && /^[a-z]{2,3}$/i.test(found.value));
    address[column] = code ? found.value.toUpperCase() : found.value;
  }
  if (addressRow !== undefined) {
    request.shipping_address = address;
    sources.address = { row: addressRow, column: '' };
  } else {
    const saved = defaultAddress(settings);
    if (saved) {
      request.shipping_address = saved.address;
      defaults.add('address');
    } else {
      const missingColumn = t('bulk_columnShippingAddress');
      sources.addressMissing = { row: first, column: missingColumn };
      problem(first, missingColumn, t('bulk_addressMissing'));
    }
  }

  const shipping = orderValue('shipping_method');
  if (shipping) {
    request.shipping_method = shipping.value.toLowerCase();
    sources.shipping = { row: shipping.row, column: 'shipping_method' };
  } else {
    defaults.add('shipping');
    if (settings.shipping.kind === 'method') request.shipping_method = settings.shipping.method;
    else request.shipping = settings.shipping.shipping;
  }

  const giftCell = orderValue('is_gift');
  const gift = giftCell ? yesNo(giftCell.value) : undefined;
  if (giftCell && gift === null) problem(giftCell.row, 'is_gift', t('bulk_yesNo'));
  if (giftCell) sources.gift = { row: giftCell.row, column: 'is_gift' };
  else defaults.add('gift');
  const isGift = gift ?? settings.gift.isGift;
  request.is_gift = isGift;
  const message = orderValue('gift_message');
  if (message) {
    sources.giftMessage = { row: message.row, column: 'gift_message' };
    if (!isGift) problem(message.row, 'gift_message', t('bulk_giftMessageNotGift'));
    else request.gift_message = message.value;
  } else if (isGift && settings.gift.message !== '') {
    request.gift_message = settings.gift.message;
    defaults.add('gift_message');
  }

  const notes = orderValue('client_notes');
  if (notes) {
    sources.notes = { row: notes.row, column: 'client_notes' };
    const parsed = notesObject(notes.value);
    if (parsed) request.client_notes = parsed;
    else problem(notes.row, 'client_notes', t('bulk_notesNotObject'));
  }

  const maxPrice = orderMaxPrice(rows, orderValue('max_price'), settings, currency, problem);
  if (maxPrice.source) sources.maxPrice = maxPrice.source;
  if (maxPrice.fromTolerance) defaults.add('max_price_tolerance');
  if (maxPrice.cents !== undefined) request.max_price = maxPrice.cents;

  if (options.mode === 'managed') {
    request.addax = true;
    const managed = settings.managed;
    if (managed.discount !== 0) request.managed_discount = managed.discount;
    if (managed.queueTimeoutSeconds !== 14_400)
      request.addax_queue_timeout = managed.queueTimeoutSeconds;
    if (managed.primeOptout) request.managed_prime_optout = true;
    if (managed.priorityBidCents > 0) request.managed_priority_bid = managed.priorityBidCents;
    defaults.add('managed');
  }
  if (Object.keys(settings.webhooks).length > 0) {
    request.webhooks = settings.webhooks;
    defaults.add('webhooks');
  }

  return {
    request,
    problems,
    defaults: [...defaults],
    sources,
    ...(code ? { retailer: code } : {}),
    products: products.map((product) => ({
      productId: product.product_id,
      quantity: typeof product.quantity === 'number' ? product.quantity : Number.NaN,
    })),
    ...(maxPrice.cents !== undefined ? { maxPrice: maxPrice.cents } : {}),
    ...(currency ? { currency } : {}),
  };
}
