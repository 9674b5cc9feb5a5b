import { useState } from 'preact/hooks';
import { describeProblems } from '../api/problems.ts';
import { RETAILER_CODES, type RetailerCode } from '../api/retailers.ts';
import { SelectField, TextField } from '../popup/fields.tsx';
import { ask, BackgroundError } from '../shared/messaging.ts';
import { migrateSettings, type Settings, settingsSchema } from '../shared/settings.ts';

function download(filename: string, mime: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mime }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Export history and settings, import settings, sync from the service, clear history. */
export function DataSection({
  settings,
  onSaved,
}: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [retailer, setRetailer] = useState<RetailerCode | ''>('');
  const [confirmClear, setConfirmClear] = useState(false);
  const say = (ok: boolean, text: string) => setMessage({ ok, text });
  const failed = (error: unknown) =>
    say(false, error instanceof BackgroundError ? error.message : String(error));

  async function exportHistory(format: 'json' | 'csv') {
    const file = await ask('history.export', { format });
    download(file.filename, file.mime, file.content);
    say(true, `History exported as ${file.filename}.`);
  }

  async function importSettings(file: File | undefined) {
    if (!file) return;
    try {
      const parsed: unknown = JSON.parse(await file.text());
      // Old files are migrated first; then every field must be valid, or nothing changes.
      const migrated = migrateSettings(parsed);
      const checked = settingsSchema.safeParse({
        ...migrated,
        ...(parsed as object),
        version: migrated.version,
      });
      if (!checked.success)
        return say(
          false,
          `Not imported: ${describeProblems(checked.error)
            .map((problem) => problem.message)
            .join(' ')}`,
        );
      onSaved(await ask('settings.update', { patch: checked.data }));
      say(true, 'Settings imported.');
    } catch (error) {
      say(
        false,
        error instanceof SyntaxError ? 'Not imported: the file is not JSON.' : String(error),
      );
    }
  }

  async function sync() {
    const time = (value: string) => (value ? Date.parse(value) : undefined);
    try {
      const counts = await ask('orders.sync', {
        ...(time(from) !== undefined ? { from: time(from) } : {}),
        ...(time(to) !== undefined ? { to: time(to) } : {}),
        ...(retailer ? { retailer } : {}),
      });
      say(
        true,
        `Synced: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged.`,
      );
    } catch (error) {
      failed(error);
    }
  }

  return (
    <section aria-labelledby="data">
      <h2 id="data">Data</h2>
      <div class="row">
        <button type="button" onClick={() => exportHistory('csv').catch(failed)}>
          Export history (CSV)
        </button>
        <button type="button" onClick={() => exportHistory('json').catch(failed)}>
          Export history (JSON)
        </button>
        <button
          type="button"
          onClick={() =>
            download('buyline-settings.json', 'application/json', JSON.stringify(settings, null, 2))
          }
        >
          Export settings
        </button>
      </div>
      <div class="field">
        <label for="import-settings">Import settings</label>
        <input
          id="import-settings"
          type="file"
          accept="application/json"
          onChange={(event) => importSettings((event.currentTarget as HTMLInputElement).files?.[0])}
        />
      </div>
      <fieldset>
        <legend>Sync orders from the service</legend>
        <div class="grid">
          <TextField label="From date" type="date" value={from} onInput={setFrom} />
          <TextField label="To date" type="date" value={to} onInput={setTo} />
          <SelectField
            label="Sync retailer"
            value={retailer}
            options={[['', 'All'], ...RETAILER_CODES.map((code) => [code, code] as const)]}
            onChange={setRetailer}
          />
        </div>
        <button type="button" onClick={sync}>
          Sync orders
        </button>
      </fieldset>
      {confirmClear ? (
        <div class="row">
          <button
            type="button"
            class="danger"
            onClick={async () => {
              await ask('history.clear', {});
              setConfirmClear(false);
              say(true, 'History cleared.');
            }}
          >
            Yes, clear the history
          </button>
          <button type="button" onClick={() => setConfirmClear(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" class="danger" onClick={() => setConfirmClear(true)}>
          Clear history
        </button>
      )}
      {message && (
        <p role="status" class={message.ok ? 'ok' : 'error'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
