import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { CheckField } from '../ui/fields.tsx';
import { Group } from '../ui/section.tsx';
import { requestAccess } from './connection-section.tsx';
import { problemsOf } from './field-problems.ts';

type Outcome =
  | { kind: 'done'; text: string }
  | { kind: 'problems'; problems: FieldProblem[] }
  | { kind: 'needs-access'; url: string };

/**
 * What goes into an exported file: the settings as `settings.get` answers them, without
 * the webhook addresses unless the user includes them (an address may carry a secret,
 * and they stay on this device; a file without them keeps the device's on import).
 */
export function exportedSettings(settings: Settings, includeWebhooks: boolean): object {
  if (includeWebhooks) return settings;
  const { webhooks: _left, ...rest } = settings;
  return rest;
}

/**
 * Settings to and from a file: exported as `settings.get` answers (webhook addresses
 * only when asked); imported by the background, which checks the whole file strictly
 * and changes nothing unless all of it is valid.
 */
export function SettingsTransfer({ onImported }: { onImported: (settings: Settings) => void }) {
  const connector = useConnector();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [includeWebhooks, setIncludeWebhooks] = useState(false);
  const fail = (error: unknown) => setOutcome({ kind: 'problems', problems: problemsOf(error) });

  async function exportSettings() {
    try {
      const settings = await connector.call('settings.get', {});
      const stamp = new Date().toISOString().slice(0, 10);
      download(
        `buyline-settings-${stamp}.json`,
        `${JSON.stringify(exportedSettings(settings, includeWebhooks), null, 2)}\n`,
        'application/json',
      );
      setOutcome({ kind: 'done', text: t('options_settingsExported') });
    } catch (error) {
      fail(error);
    }
  }

  async function importSettings(file: File | undefined) {
    if (!file) return;
    try {
      const result = await connector.call('settings.import', { text: await file.text() });
      onImported(result.settings);
      setOutcome(
        result.heldServiceUrl === undefined
          ? { kind: 'done', text: t('options_settingsImported', file.name) }
          : { kind: 'needs-access', url: result.heldServiceUrl },
      );
    } catch (error) {
      fail(error);
    }
  }

  function allowAddress(url: string) {
    const origin = new URL(url).origin;
    // Requested in the click itself, which is the user gesture the browser asks for.
    void requestAccess(origin)
      .then(async (granted) => {
        if (!granted) return fail(new Error(t('options_settingsAccessRefused', origin)));
        onImported(await connector.call('settings.update', { patch: { serviceUrl: url } }));
        setOutcome({ kind: 'done', text: t('options_settingsImportedAddress', url) });
      })
      .catch(fail);
  }

  return (
    <Group legend={t('options_settingsLegend')}>
      <CheckField
        label={t('options_settingsIncludeWebhooks')}
        checked={includeWebhooks}
        onChange={setIncludeWebhooks}
        hint={t('options_settingsIncludeWebhooksHint')}
      />
      <div class="row">
        <button type="button" onClick={exportSettings}>
          {t('options_settingsExport')}
        </button>
      </div>
      <div class="field">
        <label for="import-settings">{t('options_settingsImport')}</label>
        <input
          id="import-settings"
          type="file"
          accept="application/json,.json"
          aria-describedby="import-settings-message"
          aria-invalid={outcome?.kind === 'problems' ? true : undefined}
          onChange={(event) => {
            const input = event.currentTarget as HTMLInputElement;
            void importSettings(input.files?.[0]).finally(() => {
              // The same file can be chosen again after it is corrected.
              input.value = '';
            });
          }}
        />
        <div id="import-settings-message">
          {outcome === undefined && <p class="hint">{t('options_settingsImportHint')}</p>}
          {outcome?.kind === 'done' && (
            <p role="status" class="ok">
              {outcome.text}
            </p>
          )}
          {outcome?.kind === 'problems' && (
            <div role="alert" class="error">
              <p>{t('options_settingsNotImported')}</p>
              <ul>
                {outcome.problems.map((problem) => (
                  <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
                ))}
              </ul>
            </div>
          )}
          {outcome?.kind === 'needs-access' && (
            <div role="status">
              <p>{t('options_settingsNeedsAccess', outcome.url)}</p>
              <button type="button" onClick={() => allowAddress(outcome.url)}>
                {t('options_settingsAllowAccess', new URL(outcome.url).origin)}
              </button>
            </div>
          )}
        </div>
      </div>
    </Group>
  );
}
