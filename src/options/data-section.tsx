import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
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
  const [answered, setAnswered] = useState(false);
  const ask = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  // Focus follows the question: to its first answer, and back to the button once answered.
  useLayoutEffect(() => {
    if (confirmClear) confirm.current?.focus();
    else if (answered) ask.current?.focus();
  }, [confirmClear]);
  const answer = () => {
    setAnswered(true);
    setConfirmClear(false);
  };

  async function exportHistory(format: 'json' | 'csv') {
    try {
      const file = await connector.call('history.export', { format });
      download(file.filename, file.mime, file.content);
      setMessage({ ok: true, text: t('options_historyExported', file.filename) });
    } catch (error) {
      setMessage({ ok: false, text: failureOf(error).message });
    }
  }

  async function clearHistory() {
    try {
      await connector.call('history.clear', {});
      setMessage({ ok: true, text: t('options_historyCleared') });
    } catch (error) {
      setMessage({ ok: false, text: failureOf(error).message });
    } finally {
      answer();
    }
  }

  return (
    <PageSection id="data" title={t('options_dataTitle')}>
      <Group legend={t('options_historyLegend')}>
        <p class="hint">{t('options_historyHint')}</p>
        <div class="row">
          <button type="button" onClick={() => exportHistory('csv')}>
            {t('options_historyExportCsv')}
          </button>
          <button type="button" onClick={() => exportHistory('json')}>
            {t('options_historyExportJson')}
          </button>
          {!confirmClear && (
            <button
              type="button"
              class="danger"
              ref={ask}
              onClick={() => {
                setMessage(undefined);
                setConfirmClear(true);
              }}
            >
              {t('options_historyClearAsk')}
            </button>
          )}
        </div>
        {confirmClear && (
          <Group legend={t('options_historyClearLegend')} class="notice">
            <p>{t('options_historyClearExplain')}</p>
            <div class="row">
              <button type="button" class="danger" ref={confirm} onClick={clearHistory}>
                {t('options_historyClearConfirm')}
              </button>
              <button type="button" onClick={answer}>
                {t('options_historyClearKeep')}
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
