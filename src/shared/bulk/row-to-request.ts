/**
 * One order of a bulk file made into an order request, the saved defaults filling what
 * the cells leave out. Problems the cells alone show (money that is no amount, rows of
 * one order that disagree) are found here; the order's own rules are placement's. Pure.
 */
import { isRetailerCode, RETAILERS } from '../../api/retailers.ts';
import { notesObject } from '../client-notes.ts';
import { t } from '../i18n.ts';
import { detectProduct } from '../retailer-registry.ts';
import type { Settings } from '../settings.ts';
import { countValue, defaultAddress, moneyCents, yesNo } from './cell-values.ts';
import { ADDRESS_COLUMNS, type Column } from './columns.ts';
import type { SentOrder } from './messages.ts';
import type { Sources } from './sources.ts';
import type { BulkOptions, CheckedOrder, DefaultUse, RowProblem } from './types.ts';

/** An order's draft (`request`), where its fields came from, and what the page shows of it. */
export type MappedOrder = Omit<CheckedOrder, 'key' | 'rows'> & {
  request: Record<string, unknown>;
  sources: Sources;
};

/** The fields of an order that come from one cell, given once per order. */
type CellField = 'shipping' | 'gift' | 'giftMessage' | 'notes' | 'maxPrice';

export function mapOrder(
  group: SentOrder,
  settings: Settings,
  options: Pick<BulkOptions, 'mode'>,
): MappedOrder {
  const rows = group.rows;
  const first = rows[0]?.row ?? 0;
  const problems: RowProblem[] = [];
  const defaults = new Set<DefaultUse>();
  const problem = (row: number, column: string, message: string) =>
    problems.push({ row, column, message });
  for (const row of rows) for (const issue of row.issues ?? []) problem(row.row, '', issue);

  const sources: Sources = { first, products: [], quantities: [] };
  /**
   * An order column's value: the first given on any row (a different one is a problem),
   * noted as where `field` came from.
   */
  const orderValue = (column: Column, field?: CellField) => {
    let found: { value: string; row: number } | undefined;
    for (const row of rows) {
      const value = (row.cells[column] ?? '').trim();
      if (value === '') continue;
      if (!found) found = { value, row: row.row };
      else if (value !== found.value)
        problem(row.row, column, t('bulk_differsInOrder', found.row, group.key ?? ''));
    }
    if (found && field) sources[field] = { row: found.row, column };
    return found;
  };

  // Products, and the retailer each row names (itself or through its product_url).
  let retailer: { code: string; row: number } | undefined;
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
    if (url && !detected && !named) sources.retailer ??= { row, column: 'product_url' };
    const rowRetailer = named || detected?.retailer;
    const column: Column = named ? 'retailer' : 'product_url';
    if (rowRetailer && !retailer) {
      retailer = { code: rowRetailer, row };
      sources.retailer = { row, column };
    } else if (rowRetailer && retailer && rowRetailer !== retailer.code)
      problem(row, column, t('bulk_retailerMixed', rowRetailer, retailer.row, retailer.code));
    if (!rowRetailer && (idText || detected)) problem(row, 'retailer', t('bulk_retailerEmpty'));
    const quantity = countValue(cells.quantity);
    if (quantity === undefined) defaults.add('quantity');
    products.push({ product_id: idText || detected?.productId || '', quantity: quantity ?? 1 });
    sources.products.push({ row, column: idText || !url ? 'product_id' : 'product_url' });
    sources.quantities.push({ row, column: 'quantity' });
  }
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
  for (const column of ADDRESS_COLUMNS) {
    const found = orderValue(column);
    if (!found) continue;
    sources.address ??= { row: found.row, column: '' };
    // Codes are written in capitals ("us", "ma"); a county or region name stays as written.
    const code = column === 'country' || (column === 'state' && /^[a-z]{2,3}$/i.test(found.value));
    address[column] = code ? found.value.toUpperCase() : found.value;
  }
  const saved = defaultAddress(settings);
  if (sources.address) request.shipping_address = address;
  else if (saved) {
    request.shipping_address = saved.address;
    defaults.add('address');
  } else {
    sources.addressMissing = { row: first, column: t('bulk_columnShippingAddress') };
    problem(first, sources.addressMissing.column, t('bulk_addressMissing'));
  }

  const shipping = orderValue('shipping_method', 'shipping');
  if (shipping) request.shipping_method = shipping.value.toLowerCase();
  else {
    defaults.add('shipping');
    if (settings.shipping.kind === 'method') request.shipping_method = settings.shipping.method;
    else request.shipping = settings.shipping.shipping;
  }

  const giftCell = orderValue('is_gift', 'gift');
  const gift = giftCell ? yesNo(giftCell.value) : undefined;
  if (giftCell && gift === null) problem(giftCell.row, 'is_gift', t('bulk_yesNo'));
  if (!giftCell) defaults.add('gift');
  const isGift = gift ?? settings.gift.isGift;
  request.is_gift = isGift;
  const message = orderValue('gift_message', 'giftMessage');
  if (message) {
    if (!isGift) problem(message.row, 'gift_message', t('bulk_giftMessageNotGift'));
    else request.gift_message = message.value;
  } else if (isGift && settings.gift.message !== '') {
    request.gift_message = settings.gift.message;
    defaults.add('gift_message');
  }

  const notes = orderValue('client_notes', 'notes');
  if (notes) {
    const parsed = notesObject(notes.value);
    if (parsed) request.client_notes = parsed;
    else problem(notes.row, 'client_notes', t('bulk_notesNotObject'));
  }

  // max_price: its cell, or else, when every row gives an item_price, the goods plus the
  // saved tolerance (the popup's guard, the same way).
  const amountSuch = (example: string) =>
    currency ? t('bulk_amountSuchIn', example, currency) : t('bulk_amountSuch', example);
  const maxCell = orderValue('max_price', 'maxPrice');
  const priced = rows.filter((row) => (row.cells.item_price ?? '').trim() !== '');
  if (maxCell) {
    const cents = moneyCents(maxCell.value);
    if (typeof cents === 'number') request.max_price = cents;
    else problem(maxCell.row, 'max_price', amountSuch('25.00'));
  } else if (priced[0]) {
    sources.maxPrice = { row: priced[0].row, column: 'item_price' };
    let goods: number | undefined = 0;
    for (const { row, cells } of rows) {
      const price = moneyCents(cells.item_price);
      const quantity = countValue(cells.quantity) ?? 1;
      if (typeof price !== 'number') {
        problem(
          row,
          'item_price',
          price === null ? amountSuch('12.50') : t('bulk_itemPriceMissing'),
        );
        goods = undefined;
      } else if (goods !== undefined && typeof quantity === 'number') goods += price * quantity;
    }
    if (goods !== undefined) {
      const { percent, amountCents } = settings.maxPriceTolerance;
      request.max_price = Math.ceil(goods * (1 + percent / 100)) + amountCents;
      defaults.add('max_price_tolerance');
    }
  }

  if (options.mode === 'managed') {
    request.addax = true;
    const {
      discount,
      queueTimeoutSeconds: queue,
      primeOptout,
      priorityBidCents: bid,
    } = settings.managed;
    if (discount !== 0) request.managed_discount = discount;
    if (queue !== 14_400) request.addax_queue_timeout = queue;
    if (primeOptout) request.managed_prime_optout = true;
    if (bid > 0) request.managed_priority_bid = bid;
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
    ...(typeof request.max_price === 'number' ? { maxPrice: request.max_price } : {}),
    ...(currency ? { currency } : {}),
    ...shipToName(request.shipping_address),
  };
}

/** The name an order ships to, for the review before "Place". */
function shipToName(address: unknown): { shipTo?: string } {
  const { first_name: first, last_name: last } = (address ?? {}) as Record<string, unknown>;
  const name = [first, last].filter((part) => typeof part === 'string' && part).join(' ');
  return name ? { shipTo: name } : {};
}
