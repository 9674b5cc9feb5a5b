import { useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import type { Replies } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { TextField } from '../ui/fields.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { Group } from '../ui/section.tsx';
import { syncRange } from './date-range.ts';

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
    `Synced: ${read.imported ?? read.added ?? 0} imported, ${read.updated ?? 0} updated, ${read.unchanged ?? 0} unchanged.`,
    ...skipped.map((entry) => `Skipped ${entry.count}: ${entry.reason}.`),
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

  async function sync() {
    setResult(undefined);
    const range = syncRange(from, to);
    if (!range.ok) return setFieldError({ field: range.field, message: range.message });
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
    <Group legend="Sync orders from the service">
      <p class="hint">
        Brings orders placed elsewhere (or before a reinstall) into the history. Empty dates mean no
        limit; both days are included.
      </p>
      <div class="grid">
        <TextField
          label="From date"
          type="date"
          value={from}
          onInput={setFrom}
          error={fieldError?.field === 'from' ? fieldError.message : undefined}
        />
        <TextField
          label="To date"
          type="date"
          value={to}
          onInput={setTo}
          error={fieldError?.field === 'to' ? fieldError.message : undefined}
        />
        <RetailerSelect
          label="Retailer to sync"
          any="All retailers"
          value={retailer}
          onChange={setRetailer}
        />
      </div>
      <div class="row">
        <button type="button" disabled={busy} onClick={sync}>
          {busy ? 'Syncing…' : 'Sync orders'}
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
