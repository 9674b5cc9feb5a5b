/**
 * `npm run bench`: builds, measures, prints one table with each figure beside its
 * budget, and writes bench/results.json. Every figure is a median of repeated runs.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { measureBrowser } from './browser-benchmarks.ts';
import { measureCancelOutcome } from './cancel-outcome.ts';
import { measureWeight } from './weight.ts';

const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as Record<
  string,
  { max?: number; min?: number; why: string }
>;

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

console.info('Building both builds …');
run('npx', ['vite', 'build']);
run('npx', ['vite', 'build'], { BUYLINE_TEST_BUILD: '1' });

console.info('Measuring …');
const results: Record<string, number> = { ...measureWeight('dist') };
// Each bench/*.run.ts file writes its figures to its own bench/.<name>.results.json.
const isResultFile = (name: string) => name.startsWith('.') && name.endsWith('.results.json');
for (const name of readdirSync('bench').filter(isResultFile)) rmSync(`bench/${name}`);
run('npx', ['vitest', 'run', '--config', 'bench/vitest.bench.config.ts']);
for (const name of readdirSync('bench').filter(isResultFile).sort())
  Object.assign(results, JSON.parse(readFileSync(`bench/${name}`, 'utf8')));
Object.assign(results, await measureBrowser());
Object.assign(results, await measureCancelOutcome());

const rows = Object.entries(results).map(([name, value]) => {
  const budget = budgets[name];
  // A budget is a most (`max`) or, for a ratio that must stay high, a least (`min`).
  const within =
    budget &&
    (budget.max === undefined || value <= budget.max) &&
    (budget.min === undefined || value >= budget.min);
  const verdict = budget ? (within ? 'ok' : 'OVER BUDGET') : '';
  const limit = budget ? (budget.min !== undefined ? `>=${budget.min}` : String(budget.max)) : '';
  return { name, value, budget: limit, verdict };
});
const width = Math.max(...rows.map((row) => row.name.length));
console.info(
  `\n${'figure'.padEnd(width)}  ${'value'.padStart(10)}  ${'budget'.padStart(8)}  verdict`,
);
for (const row of rows)
  console.info(
    `${row.name.padEnd(width)}  ${String(row.value).padStart(10)}  ${row.budget.padStart(8)}  ${row.verdict}`,
  );
writeFileSync(
  'bench/results.json',
  `${JSON.stringify({ measured_at: new Date().toISOString(), results, over_budget: rows.filter((row) => row.verdict === 'OVER BUDGET').map((row) => row.name) }, null, 2)}\n`,
);
const over = rows.filter((row) => row.verdict === 'OVER BUDGET');
console.info(
  over.length === 0
    ? '\nEvery figure is within its budget.'
    : `\nOver budget: ${over.map((row) => row.name).join(', ')}`,
);
process.exit(0);
