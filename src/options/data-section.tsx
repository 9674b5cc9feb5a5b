import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { failureOf } from '../ui/failure.ts';
import { focusOnMount } from '../ui/focus.ts';
import { Group, PageSection } from '../ui/section.tsx';
import { OrderSync } from './order-sync.tsx';
import { Question } from './question.tsx';
import { SettingsTransfer } from './settings-transfer.tsx';

/** History out (CSV, JSON) and cleared, settings in and out, orders synced from the service. */
export function DataSection({ onImported }: { onImported: (settings: Settings) => void }) {
  const connector = useConnector();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const [confirmClear, setConfirmClear] = useState(false);
  const [answered, setAnswered] = useState(false);
  const answer = () => {
    setAnswered(true);
    setConfirmClear(false);
  };

  async function exportHistory(format: 'json' | 'csv') {
    try {
      const file = await connector.call('history.export', { format });
      download(file.filename, file.content, file.mime);
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
              ref={answered ? focusOnMount : null}
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
          <Question
            legend={t('options_historyClearLegend')}
            explain={t('options_historyClearExplain')}
            confirm={t('options_historyClearConfirm')}
            keep={t('options_historyClearKeep')}
            onConfirm={clearHistory}
            onKeep={answer}
          />
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
