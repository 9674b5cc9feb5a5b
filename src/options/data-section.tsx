import { useState } from 'preact/hooks';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { Group, PageSection } from '../ui/section.tsx';
import { download } from './download.ts';
import { OrderSync } from './order-sync.tsx';
import { SettingsTransfer } from './settings-transfer.tsx';

/** History out (CSV, JSON) and cleared, settings in and out, orders synced from the service. */
export function DataSection({ onImported }: { onImported: (settings: Settings) => void }) {
  const connector = useConnector();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const [confirmClear, setConfirmClear] = useState(false);

  async function exportHistory(format: 'json' | 'csv') {
    try {
      const file = await connector.call('history.export', { format });
      download(file.filename, file.mime, file.content);
      setMessage({ ok: true, text: `History exported as ${file.filename}.` });
    } catch (error) {
      setMessage({ ok: false, text: failureOf(error).message });
    }
  }

  async function clearHistory() {
    try {
      await connector.call('history.clear', {});
      setMessage({ ok: true, text: 'History cleared.' });
    } catch (error) {
      setMessage({ ok: false, text: failureOf(error).message });
    } finally {
      setConfirmClear(false);
    }
  }

  return (
    <PageSection id="data" title="Data">
      <Group legend="Order history">
        <p class="hint">Exports never contain card numbers, security codes or passwords.</p>
        <div class="row">
          <button type="button" onClick={() => exportHistory('csv')}>
            Export history (CSV)
          </button>
          <button type="button" onClick={() => exportHistory('json')}>
            Export history (JSON)
          </button>
          {!confirmClear && (
            <button type="button" class="danger" onClick={() => setConfirmClear(true)}>
              Clear history…
            </button>
          )}
        </div>
        {confirmClear && (
          <Group legend="Clear the history?" class="notice">
            <p>
              Clearing removes every order and cancellation Buyline remembers. Orders at the service
              are not affected, and can be synced back.
            </p>
            <div class="row">
              <button type="button" class="danger" onClick={clearHistory}>
                Clear the history
              </button>
              <button type="button" onClick={() => setConfirmClear(false)}>
                Keep the history
              </button>
            </div>
          </Group>
        )}
        {message && (
          <p role={message.ok ? 'status' : 'alert'} class={message.ok ? 'ok' : 'error'}>
            {message.text}
          </p>
        )}
      </Group>
      <SettingsTransfer onImported={onImported} />
      <OrderSync />
    </PageSection>
  );
}
