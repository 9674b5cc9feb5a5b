import { problemText } from '../shared/bulk/sources.ts';
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
      <h2 id="dry-run-heading">Dry run</h2>
      <p role="status">
        {run.done
          ? `${props.rowCount} rows make ${run.total} orders: ${ready} ready to place, ${bad} with problems.`
          : `Checking… ${run.checked.length} of ${run.total} orders checked.`}
      </p>
      {run.batchProblems.map((problem) => (
        <p key={problem} class="error" role="alert">
          {problem}
        </p>
      ))}
      {problems.length > 0 && (
        <ul class="problems" aria-label="Problems by row">
          {problems.slice(0, SHOWN).map((problem) => (
            <li key={`${problem.row}:${problem.column}:${problem.message}`} class="error">
              {problemText(problem)}
            </li>
          ))}
          {problems.length > SHOWN && (
            <li class="hint">…and {problems.length - SHOWN} more problems.</li>
          )}
        </ul>
      )}
    </section>
  );
}
