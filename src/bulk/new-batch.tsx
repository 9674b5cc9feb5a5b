import { useState } from 'preact/hooks';
import type { Column } from '../shared/bulk/columns.ts';
import { groupOrders } from '../shared/bulk/group-orders.ts';
import type { SentOrder } from '../shared/bulk/messages.ts';
import { parseOrdersFile } from '../shared/bulk/parse-file.ts';
import { TEMPLATE_FILE_NAME, templateCsv } from '../shared/bulk/template.ts';
import type { BulkOptions } from '../shared/bulk/types.ts';
import { t } from '../shared/i18n.ts';
import { formatCount, isSingular } from '../shared/locale-format.ts';
import { useConnector } from '../ui/connector.ts';
import { download } from '../ui/download.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { useBackground } from '../ui/use-background.ts';
import { DefaultsList } from './defaults-list.tsx';
import { DryRunView } from './dry-run-view.tsx';
import { FilePicker } from './file-picker.tsx';
import { ModeChoice } from './mode-choice.tsx';
import { useDryRun } from './use-dry-run.ts';

type FileState =
  | { phase: 'idle' }
  | { phase: 'reading'; name: string; rows: number }
  | { phase: 'refused'; name: string; message: string }
  | {
      phase: 'read';
      name: string;
      columns: Column[];
      orders: SentOrder[];
      rowCount: number;
      /** Made once per file read: a second Place of it is the same batch. */
      batchId: string;
    };

/** A new batch: pick a file, read the dry run, place the orders that are ready. */
export function NewBatch(props: { onStarted: (batchId: string) => void }) {
  const connector = useConnector();
  const settings = useBackground((c) => c.call('settings.get', {}), ['settings']);
  const [file, setFile] = useState<FileState>({ phase: 'idle' });
  const [chosen, setChosen] = useState<BulkOptions | undefined>();
  const [placing, setPlacing] = useState<{ busy: boolean; problems: string[]; error?: unknown }>({
    busy: false,
    problems: [],
  });
  const options: BulkOptions | undefined =
    chosen ?? (settings.data ? { mode: settings.data.mode } : undefined);
  const run = useDryRun(connector, file.phase === 'read' ? file.orders : undefined, options);

  const read = async (picked: File) => {
    setPlacing({ busy: false, problems: [] });
    setFile({ phase: 'reading', name: picked.name, rows: 0 });
    const parsed = await parseOrdersFile(picked, {
      onProgress: (rows) => setFile({ phase: 'reading', name: picked.name, rows }),
    });
    setFile(
      parsed.ok
        ? {
            phase: 'read',
            name: picked.name,
            columns: parsed.columns,
            orders: groupOrders(parsed.rows),
            rowCount: parsed.rows.length,
            batchId: crypto.randomUUID(),
          }
        : { phase: 'refused', name: picked.name, message: parsed.message },
    );
  };

  const ready = run?.done ? run.checked.filter((order) => order.problems.length === 0).length : 0;
  const canPlace =
    file.phase === 'read' && run?.done && !run.error && run.batchProblems.length === 0 && ready > 0;

  const place = async () => {
    if (file.phase !== 'read' || !options) return;
    setPlacing({ busy: true, problems: [] });
    try {
      const reply = await connector.call('bulk.start', {
        batchId: file.batchId,
        name: file.name,
        columns: file.columns,
        options,
        orders: file.orders,
      });
      if (reply.started) props.onStarted(file.batchId);
      else setPlacing({ busy: false, problems: reply.problems });
    } catch (error) {
      setPlacing({ busy: false, problems: [], error });
    }
  };

  return (
    <>
      <section aria-labelledby="file-heading">
        <h2 id="file-heading">{t('bulk_fileHeading')}</h2>
        <p>
          {t('bulk_fileIntro')}{' '}
          <button
            type="button"
            class="link"
            onClick={() => download(TEMPLATE_FILE_NAME, templateCsv())}
          >
            {t('bulk_downloadTemplate')}
          </button>
        </p>
        <FilePicker
          onFile={(picked) => void read(picked)}
          disabled={file.phase === 'reading' || placing.busy}
        />
        {file.phase === 'reading' && (
          <p role="status">{t('bulk_reading', file.name, formatCount(file.rows))}</p>
        )}
        {file.phase === 'refused' && (
          <p class="error" role="alert">
            {file.message}
          </p>
        )}
        {file.phase === 'read' && (
          <p class="hint">{t('bulk_fileRows', file.name, formatCount(file.rowCount))}</p>
        )}
      </section>
      {options && <ModeChoice options={options} onChange={setChosen} />}
      {settings.data && options && file.phase === 'read' && (
        <DefaultsList
          settings={settings.data}
          columns={file.columns}
          options={options}
          checked={run?.checked ?? []}
        />
      )}
      {file.phase === 'read' && run && <DryRunView run={run} rowCount={file.rowCount} />}
      <ErrorText error={run?.error ?? placing.error ?? settings.error} />
      {placing.problems.map((problem) => (
        <p key={problem} class="error" role="alert">
          {problem}
        </p>
      ))}
      {file.phase === 'read' && run?.done && (
        <div class="row">
          <button
            type="button"
            class="primary"
            disabled={!canPlace || placing.busy}
            onClick={place}
          >
            {t(isSingular(ready) ? 'bulk_placeOrdersOne' : 'bulk_placeOrders', formatCount(ready))}
          </button>
          {run.checked.length > ready && <span class="hint">{t('bulk_leftOut')}</span>}
        </div>
      )}
    </>
  );
}
