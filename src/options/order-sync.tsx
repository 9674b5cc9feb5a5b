import { useRef, useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import type { Replies } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { TextField } from '../ui/fields.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { Group } from '../ui/section.tsx';
import { syncRange } from './date-range.ts';
import { focusFirstProblem } from './focus.ts';
import { retailerName } from './words.ts';

/** The sync's counts in a sentence, with each reason orders were skipped for. */
export function syncSummary(counts: Replies['orders.sync']): string {
  const read = counts as {
    imported?: number;
    added?: number;
    updated?: number;
    unchanged?: number;
    skipped?: { reason: string; count: number }[];
  };
  const skipped = (read.skipped ?? []).filter((entry) => entry.count > 0);
  return [
    t('options_synced', read.imported ?? read.added ?? 0, read.updated ?? 0, read.unchanged ?? 0),
    ...skipped.map((entry) => t('options_syncSkipped', entry.count, entry.reason)),
  ].join(' ');
}

/** Fetches the service's orders of a date range into the history, and says how many. */
export function OrderSync() {
  const connector = useConnector();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [retailer, setRetailer] = useState<RetailerCode | ''>('');
  const [fieldError, setFieldError] = useState<{ field: 'from' | 'to'; message: string }>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const fields = useRef<HTMLDivElement>(null);
  // A date changed: what was said about the last one, and the last sync, is stale.
  const edited = () => {
    setFieldError(undefined);
    setResult(undefined);
  };

  async function sync() {
    setResult(undefined);
    const range = syncRange(from, to);
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
        <TextField
          label={t('options_syncFrom')}
          type="date"
          value={from}
          onInput={(value) => {
            setFrom(value);
            edited();
          }}
          error={fieldError?.field === 'from' ? fieldError.message : undefined}
        />
        <TextField
          label={t('options_syncTo')}
          type="date"
          value={to}
          onInput={(value) => {
            setTo(value);
            edited();
          }}
          error={fieldError?.field === 'to' ? fieldError.message : undefined}
        />
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
