import { useId, useState } from 'preact/hooks';
import type { Column } from '../shared/bulk/columns.ts';
import { problemText } from '../shared/bulk/sources.ts';
import type { BatchOrderView, InputRow } from '../shared/bulk/types.ts';
import { t } from '../shared/i18n.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { FIELD_LABELS } from './field-labels.ts';

function Cell(props: { label: string; value: string; onInput: (value: string) => void }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        value={props.value}
        onInput={(event) => props.onInput((event.currentTarget as HTMLInputElement).value)}
      />
    </div>
  );
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
  const [result, setResult] = useState<{ busy: boolean; problems: string[]; error?: unknown }>({
    busy: false,
    problems: [],
  });
  const edit = (index: number, column: Column, value: string) =>
    setLines((old) =>
      old.map((line, i) =>
        i === index ? { ...line, cells: { ...line.cells, [column]: value } } : line,
      ),
    );
  const submit = async (event: Event) => {
    event.preventDefault();
    setResult({ busy: true, problems: [] });
    try {
      const reply = await connector.call('bulk.retry', {
        batchId: props.batchId,
        index: props.order.index,
        draftId,
        lines,
      });
      if (reply.placed) props.onDone();
      else setResult({ busy: false, problems: reply.problems.map(problemText) });
    } catch (error) {
      setResult({ busy: false, problems: [], error });
    }
  };
  return (
    <form class="fix" onSubmit={submit} aria-label={t('bulk_fixRows', props.order.rows.join(', '))}>
      {lines.map((line, index) => (
        <fieldset key={line.row}>
          <legend>{t('bulk_row', line.row)}</legend>
          <div class="grid">
            {(Object.keys(line.cells) as Column[]).map((column) => (
              <Cell
                key={column}
                label={t(FIELD_LABELS[column])}
                value={line.cells[column] ?? ''}
                onInput={(value) => edit(index, column, value)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {result.problems.map((problem) => (
        <p key={problem} class="error" role="alert">
          {problem}
        </p>
      ))}
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
