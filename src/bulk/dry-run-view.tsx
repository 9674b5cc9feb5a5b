import { problemText } from '../shared/bulk/sources.ts';
import { t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import { Alerts } from '../ui/error-text.tsx';
import type { DryRun } from './use-dry-run.ts';

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
