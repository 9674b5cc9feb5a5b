import { useEffect, useState } from 'preact/hooks';
import type { Column } from '../shared/bulk/columns.ts';
import { defaultsForColumns, describeDefault } from '../shared/bulk/defaults-words.ts';
import { chunks } from '../shared/bulk/group-orders.ts';
import type { SentOrder } from '../shared/bulk/messages.ts';
import { problemText } from '../shared/bulk/sources.ts';
import type { BulkOptions, CheckedOrder, DefaultUse } from '../shared/bulk/types.ts';
import { t } from '../shared/i18n.ts';
import { formatCount, formatList } from '../shared/locale-format.ts';
import { formatCents } from '../shared/money.ts';
import type { Settings } from '../shared/settings.ts';
import type { Connector } from '../ui/connector.ts';
import { Alerts } from '../ui/error-text.tsx';
import { TableScroll } from './table-scroll.tsx';

/** Orders checked per message: small enough that progress shows on a large file. */
const CHUNK = 250;

export interface DryRun {
  checked: CheckedOrder[];
  /** Orders in the file (checked or not yet). */
  total: number;
  done: boolean;
  batchProblems: string[];
  error?: unknown;
}

/**
 * The dry run of a file: its orders go in chunks to the background's check (the one every
 * order passes), never to the service. A new file or other options start it again.
 */
export function useDryRun(
  connector: Connector,
  orders: SentOrder[] | undefined,
  options: BulkOptions | undefined,
): DryRun | undefined {
  const [run, setRun] = useState<DryRun | undefined>();
  const optionsKey = JSON.stringify(options ?? null);
  useEffect(() => {
    if (!orders || !options) return setRun(undefined);
    let current = true;
    const checked: CheckedOrder[] = [];
    const show = (done: boolean, batchProblems: string[], error?: unknown) =>
      setRun({ checked: [...checked], total: orders.length, done, batchProblems, error });
    show(false, []);
    (async () => {
      let batchProblems: string[] = [];
      for (const chunk of chunks(orders, CHUNK)) {
        const reply = await connector.call('bulk.check', { options, orders: chunk });
        if (!current) return;
        checked.push(...reply.orders);
        batchProblems = reply.batchProblems;
        show(false, batchProblems);
      }
      show(true, batchProblems);
    })().catch((error: unknown) => current && show(true, [], error));
    return () => {
      current = false;
    };
  }, [connector, orders, optionsKey]);
  return run;
}

/** Problems, and orders to review, listed at once; the rest are counted. */
const SHOWN = 300;

/** An order's items in words: each product with its quantity. */
function items(order: CheckedOrder): string {
  return order.products
    .map(({ productId, quantity }) =>
      t('bulk_productTimes', productId, Number.isFinite(quantity) ? formatCount(quantity) : '?'),
    )
    .join(', ');
}

/** The sum of the orders' maximum prices, per currency: what the buyer commits to at most. */
function totalOfMaxima(orders: CheckedOrder[]): string {
  const sums = new Map<string | undefined, number>();
  for (const order of orders)
    if (order.maxPrice !== undefined)
      sums.set(order.currency, (sums.get(order.currency) ?? 0) + order.maxPrice);
  return formatList([...sums].map(([currency, cents]) => formatCents(cents, currency)));
}

/**
 * Each order "Place" would send (its items, who it ships to, its maximum price), and the
 * total of the maximum prices: the most the buyer commits to.
 */
function OrdersReview(props: { ready: CheckedOrder[] }) {
  const { ready } = props;
  if (ready.length === 0) return null;
  return (
    <section aria-labelledby="review-heading">
      <h3 id="review-heading">{t('bulk_reviewHeading')}</h3>
      <p class="review-total">
        {t('bulk_reviewTotal', totalOfMaxima(ready), formatCount(ready.length))}
      </p>
      <TableScroll label={t('bulk_reviewHeading')}>
        <table class="batch-orders review" aria-labelledby="review-heading">
          <thead>
            <tr>
              <th scope="col">{t('bulk_colRows')}</th>
              <th scope="col">{t('bulk_colItems')}</th>
              <th scope="col">{t('bulk_colShipTo')}</th>
              <th scope="col" class="amount">
                {t('bulk_colMaxPrice')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ready.slice(0, SHOWN).map((order) => (
              <tr key={order.rows.join(' ')} data-rows={order.rows.join(' ')}>
                <td>{order.rows.join(', ')}</td>
                <td>{items(order)}</td>
                <td>{order.shipTo ?? ''}</td>
                <td class="amount">
                  {order.maxPrice === undefined ? '' : formatCents(order.maxPrice, order.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {ready.length > SHOWN && (
        <p class="hint">{t('bulk_moreOrders', formatCount(ready.length - SHOWN))}</p>
      )}
    </section>
  );
}

/** What the dry run found: how many orders are ready, and every problem by row and column. */
export function DryRunView(props: { run: DryRun; rowCount: number }) {
  const { run } = props;
  const problems = run.checked.flatMap((order) => order.problems);
  const bad = run.checked.filter((order) => order.problems.length > 0).length;
  const ready = run.checked.length - bad;
  return (
    <section aria-labelledby="dry-run-heading">
      <h2 id="dry-run-heading">{t('bulk_dryRun')}</h2>
      <p role="status">
        {run.done
          ? t(
              'bulk_dryRunDone',
              formatCount(props.rowCount),
              formatCount(run.total),
              formatCount(ready),
              formatCount(bad),
            )
          : t('bulk_checking', formatCount(run.checked.length), formatCount(run.total))}
      </p>
      <Alerts lines={run.batchProblems} />
      {problems.length > 0 && (
        <ul class="problems" aria-label={t('bulk_problemsByRow')}>
          {problems.slice(0, SHOWN).map((problem) => (
            <li key={`${problem.row}:${problem.column}:${problem.message}`} class="error">
              {problemText(problem)}
            </li>
          ))}
          {problems.length > SHOWN && (
            <li class="hint">{t('bulk_moreProblems', formatCount(problems.length - SHOWN))}</li>
          )}
        </ul>
      )}
      {run.done && (
        <OrdersReview ready={run.checked.filter((order) => order.problems.length === 0)} />
      )}
    </section>
  );
}

/** The saved defaults this file falls back on, and once checked, how many orders each served. */
export function DefaultsList(props: {
  settings: Settings;
  columns: Column[];
  options: BulkOptions;
  checked: CheckedOrder[];
}) {
  const uses = new Map<DefaultUse, number>();
  for (const order of props.checked)
    for (const use of order.defaults) uses.set(use, (uses.get(use) ?? 0) + 1);
  const fromColumns = defaultsForColumns(props.columns, props.settings, props.options);
  const all = [...new Set([...fromColumns, ...uses.keys()])];
  const checked = formatCount(props.checked.length);
  if (all.length === 0) return <p class="hint">{t('bulk_noDefaults')}</p>;
  return (
    <section aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">{t('bulk_defaultsHeading')}</h2>
      <ul>
        {all.map((use) => (
          <li key={use}>
            {describeDefault(use, props.settings)}
            {uses.has(use) && (
              <span class="hint">
                {' '}
                {t('bulk_usedBy', formatCount(uses.get(use) ?? 0), checked)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
