import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import type { RetailerCode } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import type { Replies } from '../shared/protocol.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { CheckField, TextField } from '../ui/fields.tsx';
import { FileChoice } from '../ui/file-choice.tsx';
import { ProblemsProvider } from '../ui/problems.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { Group, PageSection } from '../ui/section.tsx';
import { requestAccess } from './connection-section.tsx';
import { problemsOf, useFieldProblems } from './field-problems.ts';
import { AskFirst, type Said, SaidText, say } from './question.tsx';

/** Local midnight of a `YYYY-MM-DD` date, `days` later, or undefined when it is not a date. */
export function localDayStart(text: string, days = 0): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return undefined;
  return new Date(year, month - 1, day + days).getTime();
}

/**
 * The sync's range: whole days in the user's time zone, both included. The service's end
 * is exclusive (unix ms), so it is the start of the day after.
 */
export function syncRange(
  from: string,
  to: string,
):
  | { ok: true; range: { from?: number; to?: number } }
  | { ok: false; field: 'from' | 'to'; message: string } {
  const start = localDayStart(from);
  const end = localDayStart(to, 1);
  if (from.trim() !== '' && start === undefined)
    return { ok: false, field: 'from', message: t('options_syncFromInvalid') };
  if (to.trim() !== '' && end === undefined)
    return { ok: false, field: 'to', message: t('options_syncToInvalid') };
  if (start !== undefined && end !== undefined && start >= end)
    return { ok: false, field: 'to', message: t('options_syncToBeforeFrom') };
  const range = Object.entries({ from: start, to: end }).filter(([, at]) => at !== undefined);
  return { ok: true, range: Object.fromEntries(range) };
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
function OrderSync() {
  const connector = useConnector();
  const [dates, setDates] = useState({ from: '', to: '' });
  const [retailer, setRetailer] = useState<RetailerCode | ''>('');
  const { problems, root, refuse, clear } = useFieldProblems();
  const [said, setSaid] = useState<Said>();
  const [busy, setBusy] = useState(false);

  async function sync() {
    const range = syncRange(dates.from, dates.to);
    if (!range.ok) {
      setSaid(undefined);
      return refuse([range]);
    }
    clear();
    setBusy(true);
    const only = retailer ? { retailer } : {};
    await say(setSaid, async () =>
      syncSummary(await connector.call('orders.sync', { ...range.range, ...only })),
    );
    setBusy(false);
  }

  return (
    <Group legend={t('options_syncLegend')}>
      <p class="hint">{t('options_syncHint')}</p>
      <div class="grid" ref={root}>
        <ProblemsProvider problems={problems}>
          {(['from', 'to'] as const).map((end) => (
            <TextField
              key={end}
              label={t(end === 'from' ? 'options_syncFrom' : 'options_syncTo')}
              type="date"
              value={dates[end]}
              onInput={(value) => {
                // What was said about the last dates, and the last sync, is stale.
                setDates({ ...dates, [end]: value });
                clear();
                setSaid(undefined);
              }}
              problems={[end]}
            />
          ))}
        </ProblemsProvider>
        <RetailerSelect
          label={t('options_syncRetailer')}
          any={t('options_syncAllRetailers')}
          value={retailer}
          onChange={(value) => {
            setRetailer(value);
            setSaid(undefined);
          }}
        />
      </div>
      <div class="row">
        <button type="button" disabled={busy} onClick={sync}>
          {busy ? t('options_syncing') : t('options_syncButton')}
        </button>
      </div>
      <SaidText said={said} />
    </Group>
  );
}

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
function SettingsTransfer({ onImported }: { onImported: (settings: Settings) => void }) {
  const connector = useConnector();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [includeWebhooks, setIncludeWebhooks] = useState(false);
  const run = (action: () => Promise<Outcome>) =>
    action().then(setOutcome, (error) => setOutcome({ problems: problemsOf(error) }));

  const exportSettings = () =>
    run(async () => {
      const settings = await connector.call('settings.get', {});
      const stamp = new Date().toISOString().slice(0, 10);
      download(
        `buyline-settings-${stamp}.json`,
        `${JSON.stringify(exportedSettings(settings, includeWebhooks), null, 2)}\n`,
        'application/json',
      );
      return { done: t('options_settingsExported') };
    });

  const importSettings = (file: File) =>
    run(async () => {
      const result = await connector.call('settings.import', { text: await file.text() });
      onImported(result.settings);
      return result.heldServiceUrl === undefined
        ? { done: t('options_settingsImported', file.name) }
        : { needsAccess: result.heldServiceUrl };
    });

  // Access is requested in the click itself, which is the user gesture the browser asks for.
  const allowAddress = (url: string, origin = new URL(url).origin) =>
    run(async () => {
      if (!(await requestAccess(origin)))
        throw new Error(t('options_settingsAccessRefused', origin));
      onImported(await connector.call('settings.update', { patch: { serviceUrl: url } }));
      return { done: t('options_settingsImportedAddress', url) };
    });

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
        <FileChoice
          id="import-settings"
          label={t('options_settingsImport')}
          accept="application/json,.json"
          describedBy="import-settings-message"
          invalid={outcome !== undefined && 'problems' in outcome}
          onFile={(file) => void importSettings(file)}
        />
        <div id="import-settings-message">
          {outcome === undefined && <p class="hint">{t('options_settingsImportHint')}</p>}
          {outcome && 'done' in outcome && <SaidText said={{ ok: true, text: outcome.done }} />}
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

/** History out (CSV, JSON) and cleared, settings in and out, orders synced from the service. */
export function DataSection({ onImported }: { onImported: (settings: Settings) => void }) {
  const connector = useConnector();
  const [said, setSaid] = useState<Said>();
  const exportHistory = (format: 'json' | 'csv') =>
    say(setSaid, async () => {
      const file = await connector.call('history.export', { format });
      download(file.filename, file.content, file.mime);
      return t('options_historyExported', file.filename);
    });

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
          <AskFirst
            ask={t('options_historyClearAsk')}
            onAsk={() => setSaid(undefined)}
            legend={t('options_historyClearLegend')}
            explain={t('options_historyClearExplain')}
            confirm={t('options_historyClearConfirm')}
            keep={t('options_historyClearKeep')}
            onConfirm={async () => {
              await connector.call('history.clear', {});
              setSaid({ ok: true, text: t('options_historyCleared') });
            }}
          />
        </div>
        <SaidText said={said} />
      </Group>
      <SettingsTransfer onImported={onImported} />
      <OrderSync />
    </PageSection>
  );
}
