import { t } from '../shared/i18n.ts';
import { formatCount, numberFormat, userLocale } from '../shared/locale-format.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { useBackground } from '../ui/use-background.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * A typical duration in the unit a buyer would say it in, rounded: seconds up to a
 * minute and a half, minutes up to an hour and a half, hours beyond ("40 seconds",
 * "2 minutes", "3 hours"), as the browser's language writes units.
 */
export function roughDuration(ms: number, locale = userLocale()): string {
  const [value, unit] =
    ms < 90 * SECOND
      ? [Math.max(1, Math.round(ms / SECOND)), 'second']
      : ms < 90 * MINUTE
        ? [Math.round(ms / MINUTE), 'minute']
        : [Math.round(ms / HOUR), 'hour'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * Slower than usual: more than twice the usual time, and by a minute at least, so that
 * an order of a storefront that usually takes seconds is not called slow for a few more.
 */
export function slowerThanUsual(elapsedMs: number, medianMs: number): boolean {
  return elapsedMs > 2 * medianMs && elapsedMs - medianMs >= MINUTE;
}

/**
 * While an order is being placed: how long placing usually takes at its storefront
 * (the median of the buyer's own last placed orders there, once there are five) and,
 * when this one has taken much longer, that it has. Whether the order is being placed,
 * and since when, is the background's answer; the view asks again whenever the order's
 * state changes, and shows an answer only for the state it was asked in. `now` is the
 * showing view's clock.
 */
export function UsualPlacingTime(props: {
  order: Pick<OrderRecord, 'localId' | 'state'>;
  now: number;
}) {
  const { localId, state } = props.order;
  const { data } = useBackground(
    async (connector) => ({
      state,
      reply: await connector.call('orders.usualPlacingTime', { localId }),
    }),
    [],
    [localId, state],
  );
  if (!data || data.state !== state || !data.reply.beingPlaced) return null;
  const { retailer, since, count, medianMs } = data.reply;
  if (medianMs === undefined) return null;
  const slow = slowerThanUsual(props.now - since, medianMs);
  return (
    <p class="hint usual-placing">
      {t('popup_usualPlacing', retailerName(retailer), roughDuration(medianMs), formatCount(count))}
      {slow && <strong> {t('popup_usualPlacingSlow')}</strong>}
    </p>
  );
}
