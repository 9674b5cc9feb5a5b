import { useState } from 'preact/hooks';
import type { Column } from '../shared/bulk/columns.ts';
import { problemText } from '../shared/bulk/sources.ts';
import type { BatchOrderView, InputRow } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { useConnector } from '../ui/connector.ts';
import { Alerts, ErrorText } from '../ui/error-text.tsx';
import { TextField } from '../ui/fields.tsx';
import { TableScroll } from './table-scroll.tsx';
import { useTask } from './use-task.ts';

const HEADINGS: readonly MessageKey[] = [
  'bulk_colRows',
  'bulk_colProducts',
  'bulk_colStatus',
  'bulk_colMerchantOrders',
  'bulk_colTracking',
  'bulk_colProblems',
];

function products(order: BatchOrderView): string {
  return order.lines
    .map(({ cells: { product_id, product_url, quantity } }) => {
      const id = product_id || product_url || '?';
      return quantity && quantity !== '1' ? t('bulk_productTimes', id, quantity) : id;
    })
    .join(', ');
}

/** A column's plain label (`bulk_field_<column>`): one missing from messages.json fails to compile. */
function labelOf(column: Column): string {
  const key = `bulk_field_${column}` as const;
  return t(key);
}

/**
 * Fix and place again: the failed order's rows, editable, placed as a new order with
 * a draft id made once for this form (a second click is the same new order).
 */
function FixOrder(props: { batchId: string; order: BatchOrderView; onDone: () => void }) {
  const connector = useConnector();
  const [draftId] = useState(() => crypto.randomUUID());
  const [lines, setLines] = useState<InputRow[]>(() =>
    props.order.lines.map((line) => ({ row: line.row, cells: { ...line.cells } })),
  );
  const result = useTask();
  const edit = (index: number, column: Column, value: string) =>
    setLines((old) =>
      old.map((line, i) =>
        i === index ? { ...line, cells: { ...line.cells, [column]: value } } : line,
      ),
    );
  const submit = (event: Event) => {
    event.preventDefault();
    void result.run(async () => {
      const reply = await connector.call('bulk.retry', {
        batchId: props.batchId,
        index: props.order.index,
        draftId,
        lines,
      });
      if (!reply.placed) return reply.problems.map(problemText);
      props.onDone();
    });
  };
  return (
    <form class="fix" onSubmit={submit} aria-label={t('bulk_fixRows', props.order.rows.join(', '))}>
      {lines.map((line, index) => (
        <fieldset key={line.row}>
          <legend>{t('bulk_row', line.row)}</legend>
          <div class="grid">
            {(Object.keys(line.cells) as Column[]).map((column) => (
              <TextField
                key={column}
                label={labelOf(column)}
                value={line.cells[column] ?? ''}
                onInput={(value) => edit(index, column, value)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <Alerts lines={result.problems} />
      <ErrorText error={result.error} />
      <div class="row">
        <button type="submit" class="primary" disabled={result.busy}>
          {t('bulk_placeAgain')}
        </button>
        <button type="button" onClick={props.onDone}>
          {t('bulk_close')}
        </button>
      </div>
    </form>
  );
}

/** A row's words, as the background sends them: its count's word and what more it says. */
function statusText(order: BatchOrderView): string {
  const { status, detail } = order.life;
  return detail ? t('bulk_statusDetail', status, detail) : status;
}

/**
 * Internal ids, kept out of the table's width: the service's reference of the order,
 * drawn only once the buyer opens the details.
 */
function RowDetails(props: { order: BatchOrderView }) {
  const [open, setOpen] = useState(false);
  const { requestId } = props.order;
  if (!requestId) return null;
  return (
    <details
      class="row-details"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{t('bulk_rowDetails')}</summary>
      {open && <p>{t('bulk_serviceReference', requestId)}</p>}
    </details>
  );
}

function OrderRow(props: { batchId: string; order: BatchOrderView }) {
  const { order } = props;
  const [fixing, setFixing] = useState(false);
  const problem = order.life.problem ?? '';
  return (
    <>
      <tr data-rows={order.rows.join(' ')}>
        <td>{order.rows.join(', ')}</td>
        <td>{products(order)}</td>
        <td>
          {statusText(order)}
          {order.life.fixed && <span class="hint"> {t('bulk_placedAgain')}</span>}
          {order.retryOf !== undefined && <span class="hint"> {t('bulk_fixedOrder')}</span>}
        </td>
        <td class="merchant-orders">
          {order.merchantOrderIds.map((id) => (
            <span key={id}>{id} </span>
          ))}
        </td>
        <td>{order.tracking.join('; ')}</td>
        <td class={problem ? 'problems error' : 'problems'}>{problem}</td>
        <td>
          {order.life.retry && !fixing && (
            <button type="button" onClick={() => setFixing(true)}>
              {t('bulk_fixAndPlace')}
            </button>
          )}
          <RowDetails order={order} />
        </td>
      </tr>
      {fixing && (
        <tr>
          <td colSpan={HEADINGS.length + 1}>
            <FixOrder batchId={props.batchId} order={order} onDone={() => setFixing(false)} />
          </td>
        </tr>
      )}
    </>
  );
}

/** Each order of the batch and its live status. */
export function BatchOrders(props: { batchId: string; orders: BatchOrderView[] }) {
  const { orders, ...row } = props;
  return (
    <TableScroll label={t('bulk_ordersOfBatch')}>
      <table class="batch-orders" aria-label={t('bulk_ordersOfBatch')}>
        <thead>
          <tr>
            {HEADINGS.map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
            <th scope="col">
              <span class="hint">{t('bulk_colActions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <OrderRow key={order.localId} {...row} order={order} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
