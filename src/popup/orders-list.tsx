import { useEffect, useState } from 'preact/hooks';
import { RETAILER_CODES, type RetailerCode } from '../api/retailers.ts';
import { ask } from '../shared/messaging.ts';
import { formatCents } from '../shared/money.ts';
import { ORDER_STATES, type OrderRecord, type OrderState } from '../shared/order-record.ts';
import { SelectField, TextField } from './fields.tsx';
import { ORDER_STATE_LABELS } from './labels.ts';

const PAGE = 25;

/** Recent orders, newest first, filtered by status, retailer and search, a page at a time. */
export function OrdersList({ onOpen }: { onOpen: (localId: string) => void }) {
  const [state, setState] = useState<OrderState | 'in_flight' | ''>('');
  const [retailer, setRetailer] = useState<RetailerCode | ''>('');
  const [search, setSearch] = useState('');
  const [orders, setOrders] = useState<OrderRecord[]>([]);
  const [more, setMore] = useState(false);

  const query = (before?: number) =>
    ask('orders.query', {
      limit: PAGE,
      ...(state ? { state } : {}),
      ...(retailer ? { retailer } : {}),
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(before !== undefined ? { before } : {}),
    });

  useEffect(() => {
    let live = true;
    const load = async () => {
      const page = await query();
      if (!live) return;
      setOrders(page);
      setMore(page.length === PAGE);
    };
    void load();
    const timer = setInterval(load, 2_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [state, retailer, search]);

  async function loadMore() {
    const last = orders.at(-1);
    if (!last) return;
    const page = await query(last.createdAt);
    setOrders([...orders, ...page]);
    setMore(page.length === PAGE);
  }

  return (
    <section aria-label="Orders">
      <div class="grid">
        <SelectField
          label="Status"
          value={state}
          options={[
            ['', 'All'],
            ['in_flight', 'In flight'],
            ...ORDER_STATES.map((value) => [value, ORDER_STATE_LABELS[value]] as const),
          ]}
          onChange={setState}
        />
        <SelectField
          label="Retailer"
          value={retailer}
          options={[['', 'All'], ...RETAILER_CODES.map((code) => [code, code] as const)]}
          onChange={setRetailer}
        />
      </div>
      <TextField
        label="Search orders"
        type="search"
        value={search}
        onInput={setSearch}
        placeholder="Product, order or merchant id"
      />
      {orders.length === 0 ? (
        <p class="hint">No orders yet.</p>
      ) : (
        <ul class="orders">
          {orders.map((order) => (
            <li key={order.localId}>
              <button
                type="button"
                class="order-row"
                onClick={() => onOpen(order.localId)}
                aria-label={`Open order ${order.title ?? order.productIds.join(', ')}`}
              >
                <span class="title">{order.title ?? order.productIds.join(', ')}</span>
                <span class={`badge status-${order.state}`}>{ORDER_STATE_LABELS[order.state]}</span>
                <span class="hint">
                  {order.retailer} ·{' '}
                  {order.total === undefined ? '—' : formatCents(order.total, order.currency)} ·{' '}
                  {new Date(order.createdAt).toLocaleString()}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button type="button" onClick={loadMore}>
          More
        </button>
      )}
    </section>
  );
}
