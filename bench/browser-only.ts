/**
 * `npm run bench:browser`: the browser figures alone, on the builds already in dist and
 * dist-test (run `npm run build && npm run build:test` first). `BENCH_PARTS=popup,wake,view`
 * picks which parts; the table and results.json come from `npm run bench` only.
 */
import { measureBrowser } from './browser-benchmarks.ts';
import { measureWeight } from './weight.ts';

console.info(JSON.stringify({ ...measureWeight('dist'), ...(await measureBrowser()) }, null, 2));
process.exit(0);
