import { useEffect, useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import { ORDER_STATES, type OrderState } from '../shared/order-record.ts';
import type { OrderView } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { SelectField, TextField } from '../ui/fields.tsx';
import { moment } from '../ui/formats.ts';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { useBackground } from '../ui/use-background.ts';
import { orderStateLabel } from './labels.ts';
import { OrderRow } from './order-row.tsx';

const PAGE = 25;

type Filter = {
  state: OrderState | 'in_flight' | '';
  retailer: RetailerCode | '';
  search: string;
  batchId: string;
};

/**
 * Recent orders, newest first, filtered by state, retailer, search and (when orders came
 * from bulk batches) batch. The first page is read again whenever the background
 * announces a change to orders; "More" adds older pages.
 */
export function OrdersList({ onOpen }: { onOpen: (localId: string) => void }) {
  const connector = useConnector();
  const [filter, setFilter] = useState<Filter>({
    state: '',
    retailer: '',
    search: '',
    batchId: '',
  });
  const [older, setOlder] = useState<OrderView[]>([]);
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
  const first = useBackground((c) => c.call('orders.query', query()), ['orders'], keys);
  const page = first.data ?? [];
  // A new filter starts from its first page.
  useEffect(() => setOlder([]), keys);
  const orders = [...page, ...older];
  const lastPage = older.length > 0 ? older.length % PAGE !== 0 : page.length < PAGE;
  // The bulk batches of the orders listed, each named by when its orders were made.
  const batches = new Map(
    orders.flatMap((order) =>
      order.batchId ? [[order.batchId, t('popup_batchOf', moment(order.createdAt) ?? '')]] : [],
    ),
  );

  async function loadMore() {
    const last = orders.at(-1);
    if (!last) return;
    try {
      setOlder([...older, ...(await connector.call('orders.query', query(last.createdAt)))]);
    } catch (error) {
      setOlderError(error);
    }
  }

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
      {first.data === undefined && !first.error ? (
        <p>{t('popup_loading')}</p>
      ) : orders.length === 0 ? (
        <p class="hint">{t('popup_noOrders')}</p>
      ) : (
        <ul class="orders">
          {orders.map((order) => (
            <OrderRow key={order.localId} order={order} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {!lastPage && orders.length > 0 && (
        <button type="button" onClick={loadMore}>
          {t('popup_more')}
        </button>
      )}
    </section>
  );
}
