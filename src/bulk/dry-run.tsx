import { useEffect, useState } from 'preact/hooks';
import type { Column } from '../shared/bulk/columns.ts';
import { defaultsForColumns, describeDefault } from '../shared/bulk/defaults-words.ts';
import { chunks } from '../shared/bulk/group-orders.ts';
import type { SentOrder } from '../shared/bulk/messages.ts';
import { problemText } from '../shared/bulk/sources.ts';
import type { BulkOptions, CheckedOrder, DefaultUse } from '../shared/bulk/types.ts';
import { t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import type { Settings } from '../shared/settings.ts';
import type { Connector } from '../ui/connector.ts';
import { Alerts } from '../ui/error-text.tsx';

/** Orders checked per message: small enough that progress shows on a large file. */
const CHUNK = 250;

export interface DryRun {
  checked: CheckedOrder[];
  /** Orders in the file (checked or not yet). */
  total: number;
  done: boolean;
  batchProblems: string[];
  error?: unknown;
}

/**
 * The dry run of a file: its orders go in chunks to the background's check (the one every
 * order passes), never to the service. A new file or other options start it again.
 */
export function useDryRun(
  connector: Connector,
  orders: SentOrder[] | undefined,
  options: BulkOptions | undefined,
): DryRun | undefined {
  const [run, setRun] = useState<DryRun | undefined>();
  const optionsKey = JSON.stringify(options ?? null);
  useEffect(() => {
    if (!orders || !options) return setRun(undefined);
    let current = true;
    const checked: CheckedOrder[] = [];
    const show = (done: boolean, batchProblems: string[], error?: unknown) =>
      setRun({ checked: [...checked], total: orders.length, done, batchProblems, error });
    show(false, []);
    (async () => {
      let batchProblems: string[] = [];
      for (const chunk of chunks(orders, CHUNK)) {
        const reply = await connector.call('bulk.check', { options, orders: chunk });
        if (!current) return;
        checked.push(...reply.orders);
        batchProblems = reply.batchProblems;
        show(false, batchProblems);
      }
      show(true, batchProblems);
    })().catch((error: unknown) => current && show(true, [], error));
    return () => {
      current = false;
    };
  }, [connector, orders, optionsKey]);
  return run;
}

/** Problems listed at once; the rest are counted (the export lists every one). */
const SHOWN = 300;

/** What the dry run found: how many orders are ready, and every problem by row and column. */
export function DryRunView(props: { run: DryRun; rowCount: number }) {
  const { run } = props;
  const problems = run.checked.flatMap((order) => order.problems);
  const bad = run.checked.filter((order) => order.problems.length > 0).length;
  const ready = run.checked.length - bad;
  return (
    <section aria-labelledby="dry-run-heading">
      <h2 id="dry-run-heading">{t('bulk_dryRun')}</h2>
      <p role="status">
        {run.done
          ? t(
              'bulk_dryRunDone',
              formatCount(props.rowCount),
              formatCount(run.total),
              formatCount(ready),
              formatCount(bad),
            )
          : t('bulk_checking', formatCount(run.checked.length), formatCount(run.total))}
      </p>
      <Alerts lines={run.batchProblems} />
      {problems.length > 0 && (
        <ul class="problems" aria-label={t('bulk_problemsByRow')}>
          {problems.slice(0, SHOWN).map((problem) => (
            <li key={`${problem.row}:${problem.column}:${problem.message}`} class="error">
              {problemText(problem)}
            </li>
          ))}
          {problems.length > SHOWN && (
            <li class="hint">{t('bulk_moreProblems', formatCount(problems.length - SHOWN))}</li>
          )}
        </ul>
      )}
    </section>
  );
}

/** The saved defaults this file falls back on, and once checked, how many orders each served. */
export function DefaultsList(props: {
  settings: Settings;
  columns: Column[];
  options: BulkOptions;
  checked: CheckedOrder[];
}) {
  const uses = new Map<DefaultUse, number>();
  for (const order of props.checked)
    for (const use of order.defaults) uses.set(use, (uses.get(use) ?? 0) + 1);
  const fromColumns = defaultsForColumns(props.columns, props.settings, props.options);
  const all = [...new Set([...fromColumns, ...uses.keys()])];
  const checked = formatCount(props.checked.length);
  if (all.length === 0) return <p class="hint">{t('bulk_noDefaults')}</p>;
  return (
    <section aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">{t('bulk_defaultsHeading')}</h2>
      <ul>
        {all.map((use) => (
          <li key={use}>
            {describeDefault(use, props.settings)}
            {uses.has(use) && (
              <span class="hint">
                {' '}
                {t('bulk_usedBy', formatCount(uses.get(use) ?? 0), checked)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
