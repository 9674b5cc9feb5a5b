import { useState } from 'preact/hooks';
import { groupOrders } from '../shared/bulk/group-orders.ts';
import { parseOrdersFile } from '../shared/bulk/parse-file.ts';
import { TEMPLATE_FILE_NAME, templateCsv } from '../shared/bulk/template.ts';
import type { BulkOptions } from '../shared/bulk/types.ts';
import { t } from '../shared/i18n.ts';
import { formatCount, isSingular } from '../shared/locale-format.ts';
import type { Payload } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { Alerts, ErrorText } from '../ui/error-text.tsx';
import { useBackground } from '../ui/use-background.ts';
import { DefaultsList } from './defaults-list.tsx';
import { DryRunView } from './dry-run-view.tsx';
import { FilePicker } from './file-picker.tsx';
import { ModeChoice } from './mode-choice.tsx';
import { useDryRun } from './use-dry-run.ts';
import { useTask } from './use-task.ts';

/** A file read: the batch it makes, whose id is made once per read (a second Place is the same batch). */
interface ReadFile {
  batch: Omit<Payload<'bulk.start'>, 'options'>;
  rowCount: number;
}

/** A new batch: pick a file, read the dry run, place the orders that are ready. */
export function NewBatch(props: { onStarted: (batchId: string) => void }) {
  const connector = useConnector();
  const settings = useBackground((c) => c.call('settings.get', {}), ['settings']);
  const [reading, setReading] = useState<{ name: string; rows: number } | undefined>();
  const [file, setFile] = useState<ReadFile | { refused: string } | undefined>();
  const [chosen, setChosen] = useState<BulkOptions | undefined>();
  const placing = useTask();
  const options: BulkOptions | undefined =
    chosen ?? (settings.data ? { mode: settings.data.mode } : undefined);
  const read = file && 'batch' in file ? file : undefined;
  const run = useDryRun(connector, read?.batch.orders, options);

  const take = async (picked: File) => {
    placing.clear();
    setFile(undefined);
    setReading({ name: picked.name, rows: 0 });
    const parsed = await parseOrdersFile(picked, {
      onProgress: (rows) => setReading({ name: picked.name, rows }),
    });
    setReading(undefined);
    if (!parsed.ok) return setFile({ refused: parsed.message });
    const id = crypto.randomUUID();
    const orders = groupOrders(parsed.rows);
    setFile({
      batch: { batchId: id, name: picked.name, columns: parsed.columns, orders },
      rowCount: parsed.rows.length,
    });
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
        <FilePicker onFile={(picked) => void take(picked)} disabled={!!reading || placing.busy} />
        {reading && (
          <p role="status">{t('bulk_reading', reading.name, formatCount(reading.rows))}</p>
        )}
        {file && 'refused' in file && <Alerts lines={[file.refused]} />}
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
