import { t } from '../shared/i18n.ts';
import type { Failure } from '../shared/order-record.ts';
import type { OrderView } from '../shared/protocol.ts';
import { money } from '../ui/formats.ts';
import { orderStateLabel, reasonOf } from './labels.ts';

/**
 * A failure in plain words, with no service code: the code is for support and lives
 * under "Show raw response". Orders stored before version 0.3 name a code Buyline did
 * not know in their stored title, so such a title is said again without it, with the
 * service's own message.
 */
function failureWords(failure: Failure): string {
  if (!failure.title.includes(failure.code)) return `${reasonOf(failure)} ${failure.fix}`;
  const said = failure.message.trim().replace(/[.\s]+$/, '');
  const reason = said
    ? t('popup_failedUnknownSaid', /[!?]$/.test(said) ? said : `${said}.`)
    : t('popup_failedUnknown');
  return `${reason} ${t('popup_failedUnknownFix')}`;
}

/**
 * An order's state in a sentence or two: what happened, what to change when it failed,
 * and why Cancel or Abort is not offered when it is not. (Its cancellation is told
 * beside its merchant orders, or beside its Cancel.)
 */
export function OrderStatusLine({ order }: { order: OrderView }) {
  const { life } = order;
  const placed = life.phase === 'placed';
  const total = typeof order.total === 'number' && Number.isFinite(order.total);
  return (
    <div class={`status s-${life.shown}`} role="status" aria-live="polite">
      <strong>{orderStateLabel(life.shown)}</strong>
      {placed && total && <span> · {money(order.total as number, order.currency)}</span>}
      {placed && order.merchantOrderIds.length > 0 && (
        <span> · {order.merchantOrderIds.join(', ')}</span>
      )}
      {life.phase === 'failed' && order.failure && <p>{failureWords(order.failure)}</p>}
      {life.trouble && <p class="hint">{life.trouble}</p>}
      {life.unavailable && <p class="hint">{life.unavailable}</p>}
    </div>
  );
}
