import { useId, useState } from 'preact/hooks';
import { groupOrders } from '../shared/bulk/group-orders.ts';
import { parseOrdersFile } from '../shared/bulk/parse-file.ts';
import { TEMPLATE_FILE_NAME, templateCsv } from '../shared/bulk/template.ts';
import type { BulkOptions, SecretChoice } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { formatCount, isSingular } from '../shared/locale-format.ts';
import type { Payload } from '../shared/protocol.ts';
import { retailerName } from '../shared/retailer-names.ts';
import type { VaultLabel } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { Alerts, ErrorText } from '../ui/error-text.tsx';
import { SelectField } from '../ui/fields.tsx';
import { FileChoice } from '../ui/file-choice.tsx';
import { useBackground } from '../ui/use-background.ts';
import { DefaultsList, DryRunView, useDryRun } from './dry-run.tsx';
import { useTask } from './use-task.ts';

/** A file read: the batch it makes, whose id is made once per read (a second Place is the same batch). */
interface ReadFile {
  batch: Omit<Payload<'bulk.start'>, 'options'>;
  rowCount: number;
}

/** A CSV file, picked with the file chooser or dropped on the zone; `loaded` names the file read. */
function FilePicker(props: {
  onFile: (file: File) => void;
  disabled?: boolean;
  loaded?: string | undefined;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (file: File | null | undefined) => file && props.onFile(file);
  return (
    <section
      aria-label={t('bulk_dropZone')}
      class={`notice drop-zone${over ? ' over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!props.disabled) take(event.dataTransfer?.files[0]);
      }}
    >
      <FileChoice
        id={id}
        label={t('bulk_chooseFile')}
        accept=".csv,text/csv"
        disabled={props.disabled}
        status={props.loaded ? t('bulk_fileLoaded', props.loaded) : t('bulk_noFileYet')}
        onFile={take}
      />
      <p class="hint">{t('bulk_dropHint')}</p>
    </section>
  );
}

const KINDS: readonly (readonly [keyof SecretChoice, VaultLabel['kind'], MessageKey])[] = [
  ['credentialsId', 'credentials', 'bulk_retailerLogin'],
  ['paymentId', 'payment', 'bulk_paymentMethod'],
  ['billingId', 'billing', 'bulk_billingAddress'],
];
const NO_SECRETS: SecretChoice = { credentialsId: '', paymentId: '', billingId: '' };

/** How the whole batch orders: managed accounts, or the user's own with vault items chosen once. */
function ModeChoice(props: { options: BulkOptions; onChange: (options: BulkOptions) => void }) {
  const vault = useBackground((c) => c.call('vault.status', {}), ['vault']);
  const secrets = props.options.secrets ?? NO_SECRETS;
  const itemName = (item: VaultLabel) =>
    item.retailer ? t('bulk_itemAtRetailer', item.label, retailerName(item.retailer)) : item.label;
  return (
    <fieldset>
      <legend>{t('bulk_orderWith')}</legend>
      <SelectField<BulkOptions['mode']>
        label={t('bulk_mode')}
        value={props.options.mode}
        options={[
          ['managed', t('bulk_modeManagedAccounts')],
          ['own', t('bulk_modeOwn')],
        ]}
        onChange={(mode) => props.onChange(mode === 'own' ? { mode, secrets } : { mode })}
        // The option says which, in two words; the line under it what that means.
        hint={t(props.options.mode === 'own' ? 'bulk_modeOwnHint' : 'bulk_modeManagedHint')}
      />
      {props.options.mode === 'own' && vault.data?.unlocked && (
        <div class="grid">
          {KINDS.map(([field, kind, label]) => (
            <SelectField
              key={field}
              label={t(label)}
              value={secrets[field]}
              options={[
                ['', t('bulk_choose')],
                ...(vault.data?.items ?? [])
                  .filter((item) => item.kind === kind)
                  .map((item) => [item.id, itemName(item)] as const),
              ]}
              onChange={(value) =>
                props.onChange({ mode: 'own', secrets: { ...secrets, [field]: value } })
              }
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** A new batch: pick a file, read the dry run, place the orders that are ready. */
export function NewBatch(props: { onStarted: (batchId: string) => void }) {
  const connector = useConnector();
  const settings = useBackground((c) => c.call('settings.get', {}), ['settings']);
  const [file, setFile] = useState<
    ReadFile | { unreadable: string; name: string } | { name: string; rows: number } | undefined
  >();
  const [chosen, setChosen] = useState<BulkOptions | undefined>();
  const placing = useTask();
  const options: BulkOptions | undefined =
    chosen ?? (settings.data ? { mode: settings.data.mode } : undefined);
  const read = file && 'batch' in file ? file : undefined;
  const reading = file && 'rows' in file ? file : undefined;
  const run = useDryRun(connector, read?.batch.orders, options);

  const take = async (picked: File) => {
    placing.clear();
    const name = picked.name;
    setFile({ name, rows: 0 });
    const parsed = await parseOrdersFile(picked, { onProgress: (rows) => setFile({ name, rows }) });
    if (!parsed.ok) return setFile({ unreadable: parsed.message, name });
    const orders = groupOrders(parsed.rows);
    const batch = { batchId: crypto.randomUUID(), name, columns: parsed.columns, orders };
    setFile({ batch, rowCount: parsed.rows.length });
  };

  const ready = run?.done ? run.checked.filter((order) => order.problems.length === 0).length : 0;
  const canPlace =
    run?.done && !run.error && run.batchProblems.length === 0 && ready > 0 && !placing.busy;
  const template = () => download(TEMPLATE_FILE_NAME, templateCsv());
  const place = () =>
    placing.run(async () => {
      if (!read || !options) return;
      const reply = await connector.call('bulk.start', { ...read.batch, options });
      if (!reply.started) return reply.problems;
      props.onStarted(read.batch.batchId);
    });

  return (
    <>
      <section aria-labelledby="file-heading">
        <h2 id="file-heading">{t('bulk_fileHeading')}</h2>
        <p>
          {t('bulk_fileIntro')}{' '}
          <button type="button" class="link" onClick={template}>
            {t('bulk_downloadTemplate')}
          </button>
        </p>
        <FilePicker
          onFile={(picked) => void take(picked)}
          disabled={!!reading || placing.busy}
          loaded={read?.batch.name ?? (file && 'unreadable' in file ? file.name : undefined)}
        />
        {reading && (
          <p role="status">{t('bulk_reading', reading.name, formatCount(reading.rows))}</p>
        )}
        {file && 'unreadable' in file && <Alerts lines={[file.unreadable]} />}
        {read && (
          <p class="hint">{t('bulk_fileRows', read.batch.name, formatCount(read.rowCount))}</p>
        )}
      </section>
      {options && <ModeChoice options={options} onChange={setChosen} />}
      {settings.data && options && read && (
        <DefaultsList
          settings={settings.data}
          columns={read.batch.columns}
          options={options}
          checked={run?.checked ?? []}
        />
      )}
      {read && run && <DryRunView run={run} rowCount={read.rowCount} />}
      <ErrorText error={run?.error ?? placing.error ?? settings.error} />
      <Alerts lines={placing.problems} />
      {read && run?.done && (
        <div class="row">
          <button type="button" class="primary" disabled={!canPlace} onClick={place}>
            {t(isSingular(ready) ? 'bulk_placeOrdersOne' : 'bulk_placeOrders', formatCount(ready))}
          </button>
          {run.checked.length > ready && <span class="hint">{t('bulk_leftOut')}</span>}
        </div>
      )}
    </>
  );
}
