import { useState } from 'preact/hooks';
import { RETAILER_CODES, type RetailerCode } from '../api/retailers.ts';
import { SelectField, TextField } from '../popup/fields.tsx';
import { ask } from '../shared/messaging.ts';
import { syncRange } from './date-range.ts';
import { errorText } from './field-problems.ts';

/** Fetches the service's orders of a date range into the history, and says how many. */
export function OrderSync() {
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
      const counts = await ask('orders.sync', {
        ...range.range,
        ...(retailer ? { retailer } : {}),
      });
      setResult({
        ok: true,
        text: `Synced: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged.`,
      });
    } catch (error) {
      setResult({ ok: false, text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset>
      <legend>Sync orders from the service</legend>
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
        <SelectField
          label="Retailer to sync"
          value={retailer}
          options={[['', 'All retailers'], ...RETAILER_CODES.map((code) => [code, code] as const)]}
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
    </fieldset>
  );
}
