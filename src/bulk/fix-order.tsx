import { useState } from 'preact/hooks';
import type { Column } from '../shared/bulk/columns.ts';
import { problemText } from '../shared/bulk/sources.ts';
import type { BatchOrderView, InputRow } from '../shared/bulk/types.ts';
import { t } from '../shared/i18n.ts';
import { useConnector } from '../ui/connector.ts';
import { Alerts, ErrorText } from '../ui/error-text.tsx';
import { TextField } from '../ui/fields.tsx';
import { useTask } from './use-task.ts';

/** A column's plain label (`bulk_field_<column>`): one missing from messages.json fails to compile. */
function labelOf(column: Column): string {
  const key = `bulk_field_${column}` as const;
  return t(key);
}

/**
 * Fix and place again: the failed order's rows, editable, placed as a new order with
 * a draft id made once for this form (a second click is the same new order).
 */
export function FixOrder(props: { batchId: string; order: BatchOrderView; onDone: () => void }) {
  const connector = useConnector();
  const [draftId] = useState(() => crypto.randomUUID());
  const [lines, setLines] = useState<InputRow[]>(() =>
    props.order.lines.map((line) => ({ row: line.row, cells: { ...line.cells } })),
  );
  const result = useTask();
  const edit = (index: number, column: Column, value: string) =>
    setLines((old) =>
      old.map((line, i) =>
        i === index ? { ...line, cells: { ...line.cells, [column]: value } } : line,
      ),
    );
  const submit = (event: Event) => {
    event.preventDefault();
    void result.run(async () => {
      const reply = await connector.call('bulk.retry', {
        batchId: props.batchId,
        index: props.order.index,
        draftId,
        lines,
      });
      if (!reply.placed) return reply.problems.map(problemText);
      props.onDone();
    });
  };
  return (
    <form class="fix" onSubmit={submit} aria-label={t('bulk_fixRows', props.order.rows.join(', '))}>
      {lines.map((line, index) => (
        <fieldset key={line.row}>
          <legend>{t('bulk_row', line.row)}</legend>
          <div class="grid">
            {(Object.keys(line.cells) as Column[]).map((column) => (
              <TextField
                key={column}
                label={labelOf(column)}
                value={line.cells[column] ?? ''}
                onInput={(value) => edit(index, column, value)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <Alerts lines={result.problems} />
      <ErrorText error={result.error} />
      <div class="row">
        <button type="submit" class="primary" disabled={result.busy}>
          {t('bulk_placeAgain')}
        </button>
        <button type="button" onClick={props.onDone}>
          {t('bulk_close')}
        </button>
      </div>
    </form>
  );
}
