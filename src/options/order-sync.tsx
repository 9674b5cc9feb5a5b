import { useRef, useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import type { Replies } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { TextField } from '../ui/fields.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { Group } from '../ui/section.tsx';
import { focusFirstProblem } from './field-problems.ts';
import { retailerName } from './words.ts';

/** Local midnight of a `YYYY-MM-DD` date, or undefined when it is not one. */
export function localDayStart(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date.getTime()
    : undefined;
}

/**
 * The sync's date range, as the user means it: whole days in their own time zone, both
 * ends included. The service's range is in unix milliseconds, the start inclusive and
 * the end exclusive, so the end is the start of the day after.
 */
export function syncRange(
  from: string,
  to: string,
):
  | { ok: true; range: { from?: number; to?: number } }
  | { ok: false; field: 'from' | 'to'; message: string } {
  const start = from.trim() === '' ? undefined : localDayStart(from);
  const last = to.trim() === '' ? undefined : localDayStart(to);
  if (from.trim() !== '' && start === undefined)
    return { ok: false, field: 'from', message: t('options_syncFromInvalid') };
  if (to.trim() !== '' && last === undefined)
    return { ok: false, field: 'to', message: t('options_syncToInvalid') };
  const end = last === undefined ? undefined : nextDay(to);
  if (start !== undefined && end !== undefined && start >= end)
    return { ok: false, field: 'to', message: t('options_syncToBeforeFrom') };
  return {
    ok: true,
    range: {
      ...(start !== undefined ? { from: start } : {}),
      ...(end !== undefined ? { to: end } : {}),
    },
  };
}

/** Local midnight of the day after a `YYYY-MM-DD` date (daylight saving time included). */
function nextDay(text: string): number {
  const [year, month, day] = text.trim().split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + 1).getTime();
}

/** The sync's counts in a sentence, with each reason orders were skipped for. */
function syncSummary(counts: Replies['orders.sync']): string {
  return [
    t('options_synced', counts.imported, counts.updated, counts.unchanged),
    ...counts.skipped
      .filter((entry) => entry.count > 0)
      .map((entry) => t('options_syncSkipped', entry.count, entry.reason)),
  ].join(' ');
}

/** Fetches the service's orders of a date range into the history, and says how many. */
export function OrderSync() {
  const connector = useConnector();
  const [dates, setDates] = useState({ from: '', to: '' });
  const [retailer, setRetailer] = useState<RetailerCode | ''>('');
  const [fieldError, setFieldError] = useState<{ field: 'from' | 'to'; message: string }>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const fields = useRef<HTMLDivElement>(null);

  async function sync() {
    setResult(undefined);
    const range = syncRange(dates.from, dates.to);
    if (!range.ok) {
      setFieldError({ field: range.field, message: range.message });
      // The field is marked in this same update; focus it once it is.
      setTimeout(() => focusFirstProblem(fields.current));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const counts = await connector.call('orders.sync', {
        ...range.range,
        ...(retailer ? { retailer } : {}),
      });
      setResult({ ok: true, text: syncSummary(counts) });
    } catch (error) {
      setResult({ ok: false, text: failureOf(error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group legend={t('options_syncLegend')}>
      <p class="hint">{t('options_syncHint')}</p>
      <div class="grid" ref={fields}>
        {(['from', 'to'] as const).map((end) => (
          <TextField
            key={end}
            label={t(end === 'from' ? 'options_syncFrom' : 'options_syncTo')}
            type="date"
            value={dates[end]}
            onInput={(value) => {
              setDates({ ...dates, [end]: value });
              // What was said about the last date, and the last sync, is stale.
              setFieldError(undefined);
              setResult(undefined);
            }}
            error={fieldError?.field === end ? fieldError.message : undefined}
          />
        ))}
        <RetailerSelect
          label={t('options_syncRetailer')}
          any={t('options_syncAllRetailers')}
          value={retailer}
          describe={retailerName}
          onChange={(value) => {
            setRetailer(value);
            setResult(undefined);
          }}
        />
      </div>
      <div class="row">
        <button type="button" disabled={busy} onClick={sync}>
          {busy ? t('options_syncing') : t('options_syncButton')}
        </button>
        {result && (
          <span role={result.ok ? 'status' : 'alert'} class={result.ok ? 'ok' : 'error'}>
            {result.text}
          </span>
        )}
      </div>
    </Group>
  );
}
