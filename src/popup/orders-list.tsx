import { useEffect, useRef, useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import { ORDER_STATES, type OrderState } from '../shared/order-record.ts';
import { readOrderResponse } from '../shared/order-response-reader.ts';
import type { OrderView } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { SelectField, TextField } from '../ui/fields.tsx';
import { moment } from '../ui/formats.ts';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { useBackground } from '../ui/use-background.ts';
import { button } from './button.tsx';
import { distinctFacts, factsOf } from './order-facts.ts';
import { cancellationLine, orderStateLabel, reasonOf } from './order-parts.tsx';

const PAGE = 25;

type Filter = {
  state: OrderState | 'in_flight' | '';
  retailer: RetailerCode | '';
  search: string;
  batchId: string;
};

/**
 * Recent orders, newest first, filtered by state, retailer, search and bulk batch; the
 * first page is read again at each change announced, "More" adds older ones. A search
 * answers a share of the history at a time, and goes on until a page is full: it shows
 * what it finds as it goes and never holds the background.
 */
export function OrdersList({ onOpen }: { onOpen: (localId: string) => void }) {
  const connector = useConnector();
  const [filter, setFilter] = useState<Filter>({
    state: '',
    retailer: '',
    search: '',
    batchId: '',
  });
  // Pages read after the first, and the `before` of the page after them.
  const [older, setOlder] = useState<{ orders: OrderView[]; next?: number }>();
  const [olderError, setOlderError] = useState<unknown>();
  const query = (before?: number) => ({
    limit: PAGE,
    ...(filter.state ? { state: filter.state } : {}),
    ...(filter.retailer ? { retailer: filter.retailer } : {}),
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...(filter.batchId ? { batchId: filter.batchId } : {}),
    ...(before !== undefined ? { before } : {}),
  });
  const keys = [filter.state, filter.retailer, filter.search, filter.batchId];
  const first = useBackground((c) => c.call('orders.search', query()), ['orders'], keys);
  // A new filter starts from its first page, and a page still coming for the old one is dropped.
  const filterNow = useRef(0);
  useEffect(() => {
    filterNow.current += 1;
    setOlder(undefined);
    setOlderError(undefined);
  }, keys);
  const orders = [...(first.data?.orders ?? []), ...(older?.orders ?? [])];
  const distinct = distinctFacts(orders);
  const next = older ? older.next : first.data?.next;
  const searching = next !== undefined && orders.length < PAGE && !olderError;
  const filtered = [filter.state, filter.retailer, filter.search.trim(), filter.batchId].some(
    Boolean,
  );
  // The bulk batches of the orders listed, each named by when its orders were made.
  const batches = new Map(
    orders.flatMap((order) =>
      order.batchId ? [[order.batchId, t('popup_batchOf', moment(order.createdAt) ?? '')]] : [],
    ),
  );

  async function loadMore() {
    if (next === undefined) return;
    const asked = filterNow.current;
    try {
      const page = await connector.call('orders.search', query(next));
      if (filterNow.current !== asked) return;
      setOlder((old) => ({ ...page, orders: [...(old?.orders ?? []), ...page.orders] }));
    } catch (error) {
      setOlderError(error);
    }
  }
  useEffect(() => {
    if (searching) void loadMore();
  }, [searching, next]);

  return (
    <section aria-label={t('popup_orders')}>
      <div class="grid">
        <SelectField
          label={t('popup_status')}
          value={filter.state}
          options={[
            ['', t('popup_all')],
            ['in_flight', t('popup_inFlight')],
            ...ORDER_STATES.map((value) => [value, orderStateLabel(value)] as const),
          ]}
          onChange={(state) => setFilter({ ...filter, state })}
        />
        <RetailerSelect
          label={t('popup_retailer')}
          any={t('popup_all')}
          value={filter.retailer}
          onChange={(retailer) => setFilter({ ...filter, retailer })}
        />
        {batches.size > 0 && (
          <SelectField
            label={t('popup_batch')}
            value={filter.batchId}
            options={[['', t('popup_all')], ...batches]}
            onChange={(batchId) => setFilter({ ...filter, batchId })}
          />
        )}
      </div>
      <TextField
        label={t('popup_search')}
        type="search"
        value={filter.search}
        onInput={(search) => setFilter({ ...filter, search })}
        placeholder={t('popup_searchHint')}
      />
      <ErrorText error={first.error ?? olderError} />
      {orders.length > 0 && (
        <ul class="orders">
          {orders.map((order) => (
            <OrderRow
              key={order.localId}
              order={order}
              onOpen={onOpen}
              facts={distinct.get(order.localId)}
            />
          ))}
        </ul>
      )}
      {(first.data === undefined && !first.error) || searching ? (
        <p>{t('popup_loading')}</p>
      ) : (
        orders.length === 0 && (
          <p class="hint">{t(filtered ? 'popup_noMatches' : 'popup_noOrders')}</p>
        )
      )}
      {next !== undefined && !searching && button(t('popup_more'), loadMore)}
    </section>
  );
}

/**
 * One line of the orders list: the title first and strongest, its state, then what tells
 * it apart (see `factsOf`), and why it failed or what its cancellation came to. An order
 * to check says so in its badge alone: its reason would say the same again.
 */
export function OrderRow(props: {
  order: OrderView;
  onOpen: (localId: string) => void;
  facts?: string[] | undefined;
}) {
  const { order } = props;
  const { life } = order;
  const reason =
    life.phase === 'failed' && life.shown !== 'check' && order.failure && reasonOf(order.failure);
  const facts = [
    ...(props.facts ?? factsOf(order)),
    reason,
    cancellationLine(order),
    readOrderResponse(order.response).unreadable.length > 0 && t('popup_someUnreadable'),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      {/* Named once, by what it shows: "Open order <title> <state> <facts>". */}
      <button type="button" class="order-row" onClick={() => props.onOpen(order.localId)}>
        <span class="sr">{t('popup_openOrderWords')} </span>
        <span class="title">{life.title}</span>{' '}
        <span class={`badge s-${life.shown}`}>{rowStateLabel(order)}</span>{' '}
        <span class="hint">{facts}</span>
      </button>
    </li>
  );
}

/** A row's state: a cancellation under way is its news, as in the order's headline. */
const rowStateLabel = (order: OrderView) =>
  order.life.cancellation?.underWay
    ? t('popup_cancellingHeadline')
    : orderStateLabel(order.life.shown);
