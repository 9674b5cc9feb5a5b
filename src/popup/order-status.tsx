import { t } from '../shared/i18n.ts';
import { type Failure, type OrderRecord, PLACED_ORDER_STATES } from '../shared/order-record.ts';
import { money } from '../ui/formats.ts';
import { orderStateLabel, reasonOf, shownState } from './labels.ts';

/**
 * A failure in plain words, with no service code: the code is for support and lives
 * under "Show raw response". A code Buyline does not know is named in its stored title,
 * so that title is said again without it, with the service's own message.
 */
function failureWords(failure: Failure): string {
  if (!failure.title.includes(failure.code)) return `${reasonOf(failure)} ${failure.fix}`;
  const said = failure.message.trim().replace(/[.\s]+$/, '');
  const reason = said
    ? t('popup_failedUnknownSaid', /[!?]$/.test(said) ? said : `${said}.`)
    : t('popup_failedUnknown');
  return `${reason} ${t('popup_failedUnknownFix')}`;
}

/** An order's state in a sentence or two: what happened, and what to change when it failed. */
export function OrderStatusLine({ order }: { order: OrderRecord }) {
  const placed = PLACED_ORDER_STATES.includes(order.state);
  const total = typeof order.total === 'number' && Number.isFinite(order.total);
  const shown = shownState(order);
  return (
    <div class={`status s-${shown}`} role="status" aria-live="polite">
      <strong>{orderStateLabel(shown)}</strong>
      {placed && total && <span> · {money(order.total as number, order.currency)}</span>}
      {placed && order.merchantOrderIds.length > 0 && (
        <span> · {order.merchantOrderIds.join(', ')}</span>
      )}
      {order.state === 'failed' && order.failure && <p>{failureWords(order.failure)}</p>}
      {(order.state === 'sending' || order.state === 'unconfirmed') && order.schedule.lastError && (
        <p class="hint">{order.schedule.lastError}</p>
      )}
    </div>
  );
}
