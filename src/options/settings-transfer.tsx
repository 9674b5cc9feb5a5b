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

type Outcome = { done: string } | { problems: FieldProblem[] } | { needsAccess: string };

/**
 * An exported file: the settings as `settings.get` answers, webhook addresses only when
 * asked (one may carry a secret; a file without them keeps the device's on import).
 */
export function exportedSettings(settings: Settings, includeWebhooks: boolean): object {
  if (includeWebhooks) return settings;
  const { webhooks: _left, ...rest } = settings;
  return rest;
}

/** Settings to and from a file; the background imports a file whole or not at all. */
export function SettingsTransfer({ onImported }: { onImported: (settings: Settings) => void }) {
  const connector = useConnector();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [includeWebhooks, setIncludeWebhooks] = useState(false);
  const fail = (error: unknown) => setOutcome({ problems: problemsOf(error) });

  async function exportSettings() {
    try {
      const settings = await connector.call('settings.get', {});
      const stamp = new Date().toISOString().slice(0, 10);
      download(
        `buyline-settings-${stamp}.json`,
        `${JSON.stringify(exportedSettings(settings, includeWebhooks), null, 2)}\n`,
        'application/json',
      );
      setOutcome({ done: t('options_settingsExported') });
    } catch (error) {
      fail(error);
    }
  }

  async function importSettings(file: File) {
    try {
      const result = await connector.call('settings.import', { text: await file.text() });
      onImported(result.settings);
      setOutcome(
        result.heldServiceUrl === undefined
          ? { done: t('options_settingsImported', file.name) }
          : { needsAccess: result.heldServiceUrl },
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
        setOutcome({ done: t('options_settingsImportedAddress', url) });
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
          aria-invalid={outcome && 'problems' in outcome ? true : undefined}
          onChange={(event) => {
            const input = event.currentTarget as HTMLInputElement;
            const file = input.files?.[0];
            // The same file can be chosen again after it is corrected.
            if (file) void importSettings(file).finally(() => (input.value = ''));
          }}
        />
        <div id="import-settings-message">
          {outcome === undefined && <p class="hint">{t('options_settingsImportHint')}</p>}
          {outcome && 'done' in outcome && (
            <p role="status" class="ok">
              {outcome.done}
            </p>
          )}
          {outcome && 'problems' in outcome && (
            <div role="alert" class="error">
              <p>{t('options_settingsNotImported')}</p>
              <ul>
                {outcome.problems.map((problem) => (
                  <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
                ))}
              </ul>
            </div>
          )}
          {outcome && 'needsAccess' in outcome && (
            <div role="status">
              <p>{t('options_settingsNeedsAccess', outcome.needsAccess)}</p>
              <button type="button" onClick={() => allowAddress(outcome.needsAccess)}>
                {t('options_settingsAllowAccess', new URL(outcome.needsAccess).origin)}
              </button>
            </div>
          )}
        </div>
      </div>
    </Group>
  );
}
