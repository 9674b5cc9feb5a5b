import { t } from '../shared/i18n.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import type { PriceKey, ResponseFacts } from '../shared/order-response-reader.ts';
import { day, money } from '../ui/formats.ts';

/** A price component's label; the compiler checks each has its message. */
function priceLabel(component: PriceKey): string {
  const key = `popup_price_${component}` as const;
  return t(key);
}

/** The money, tracking and delivery dates of an order, as far as the service's answer gives them. */
export function OrderFacts({ order, facts }: { order: OrderRecord; facts: ResponseFacts }) {
  const currency = facts.currency ?? order.currency;
  const dates = Array.isArray(order.deliveryDates) ? order.deliveryDates : [];
  return (
    <>
      {facts.prices.length > 0 && (
        <table aria-label={t('popup_prices')}>
          <tbody>
            {facts.prices.map(({ key, cents }) => (
              <tr key={key}>
                <th scope="row">{priceLabel(key)}</th>
                <td>{money(cents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {facts.tracking.length > 0 && (
        <ul aria-label={t('popup_tracking')}>
          {facts.tracking.map((line, index) => (
            <li key={`${index}-${line.trackingNumber}`}>
              {[line.carrier, line.trackingNumber].filter(Boolean).join(' ') || t('popup_tracking')}
              {line.productId ? ` (${line.productId})` : ''}
            </li>
          ))}
        </ul>
      )}
      {dates.length > 0 && (
        <ul aria-label={t('popup_deliveryDates')}>
          {dates.map((entry, index) => (
            <li key={`${index}-${entry.date}`}>
              {entry.productId ? `${entry.productId}: ` : ''}
              {entry.latest
                ? t('popup_deliveryBetween', day(entry.date), day(entry.latest))
                : t('popup_deliveryBy', day(entry.date))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
