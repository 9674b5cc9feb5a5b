import { formatCents } from '../shared/money.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import type { ResponseFacts } from '../shared/order-response-reader.ts';

/** The money, tracking and delivery dates of an order, as far as the service's answer gives them. */
export function OrderFacts({ order, facts }: { order: OrderRecord; facts: ResponseFacts }) {
  const currency = facts.currency ?? order.currency;
  const dates = Array.isArray(order.deliveryDates) ? order.deliveryDates : [];
  return (
    <>
      {facts.prices.length > 0 && (
        <table aria-label="Price components">
          <tbody>
            {facts.prices.map(({ key, cents }) => (
              <tr key={key}>
                <th scope="row">{key.replace('_', ' ')}</th>
                <td>{formatCents(cents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {facts.tracking.length > 0 && (
        <ul aria-label="Tracking">
          {facts.tracking.map((line, index) => (
            <li key={`${index}-${line.trackingNumber}`}>
              {[line.carrier, line.trackingNumber].filter(Boolean).join(' ') || 'Tracking'}
              {line.productId ? ` (${line.productId})` : ''}
            </li>
          ))}
        </ul>
      )}
      {dates.length > 0 && (
        <ul aria-label="Delivery dates">
          {dates.map((entry, index) => (
            <li key={`${index}-${entry.date}`}>
              {entry.productId ? `${entry.productId}: ` : ''}
              {entry.date}
              {entry.latest ? ` to ${entry.latest}` : ''}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
