import { useEffect, useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import { ORDER_STATES, type OrderRecord, type OrderState } from '../shared/order-record.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { SelectField, TextField } from '../ui/fields.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { useBackground } from '../ui/use-background.ts';
import { orderStateLabel } from './labels.ts';
import { OrderRow } from './order-row.tsx';

const PAGE = 25;

type Filter = { state: OrderState | 'in_flight' | ''; retailer: RetailerCode | ''; search: string };

/**
 * Recent orders, newest first, filtered by state, retailer and search. The first page
 * is read again whenever the background announces a change to orders; "More" adds
 * older pages.
 */
export function OrdersList({ onOpen }: { onOpen: (localId: string) => void }) {
  const connector = useConnector();
  const [filter, setFilter] = useState<Filter>({ state: '', retailer: '', search: '' });
  const [older, setOlder] = useState<OrderRecord[]>([]);
  const [olderError, setOlderError] = useState<unknown>();
  const query = (before?: number) => ({
    limit: PAGE,
    ...(filter.state ? { state: filter.state } : {}),
    ...(filter.retailer ? { retailer: filter.retailer } : {}),
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...(before !== undefined ? { before } : {}),
  });
  const first = useBackground(
    (connector) => connector.call('orders.query', query()),
    ['orders'],
    [filter.state, filter.retailer, filter.search],
  );
  const page = first.data ?? [];
  // A new filter starts from its first page.
  useEffect(() => setOlder([]), [filter.state, filter.retailer, filter.search]);
  const orders = [...page, ...older];
  const lastPage = older.length > 0 ? older.length % PAGE !== 0 : page.length < PAGE;

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
    <section aria-label="Orders">
      <div class="grid">
        <SelectField
          label="Status"
          value={filter.state}
          options={[
            ['', 'All'],
            ['in_flight', 'In flight'],
            ...ORDER_STATES.map((value) => [value, orderStateLabel(value)] as const),
          ]}
          onChange={(state) => setFilter({ ...filter, state })}
        />
        <RetailerSelect
          label="Retailer"
          any="All"
          value={filter.retailer}
          onChange={(retailer) => setFilter({ ...filter, retailer })}
        />
      </div>
      <TextField
        label="Search orders"
        type="search"
        value={filter.search}
        onInput={(search) => setFilter({ ...filter, search })}
        placeholder="Product, order or merchant id"
      />
      <ErrorText error={first.error ?? olderError} />
      {first.data === undefined && !first.error ? (
        <p>Loading…</p>
      ) : orders.length === 0 ? (
        <p class="hint">No orders yet.</p>
      ) : (
        <ul class="orders">
          {orders.map((order) => (
            <OrderRow key={order.localId} order={order} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {!lastPage && orders.length > 0 && (
        <button type="button" onClick={loadMore}>
          More
        </button>
      )}
    </section>
  );
}
