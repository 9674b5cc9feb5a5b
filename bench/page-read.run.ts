/**
 * The time to read a product page: the page readers (src/page-readers) over the
 * largest page of the fixture corpus (test/fixtures/pages), parsed into a happy-dom
 * document and read, again and again (the parsing is not counted). Run by
 * bench/run.ts through Vitest; writes bench/.page-read.results.json. A browser's DOM is faster than happy-dom's, so this
 * is an upper bound of what the popup waits for.
 */
import { statSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Window } from 'happy-dom';
import { it } from 'vitest';
import { readPage } from '../src/page-readers/registry.ts';
import { FIXTURE_PAGES, fixtureHtml } from '../test/fixtures/pages/readings.ts';
import { median } from './stats.ts';

const ROUNDS = 200;
const WARM_UP = 20;

it('measures', () => {
  const size = (file: string) =>
    statSync(new URL(`../test/fixtures/pages/${file}`, import.meta.url)).size;
  const largest = [...FIXTURE_PAGES].sort((a, b) => size(b.file) - size(a.file))[0];
  if (!largest) throw new Error('The fixture corpus is empty.');
  const html = fixtureHtml(largest.file);
  const window = new Window({ url: largest.url });
  const times: number[] = [];
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    // A fresh document each round: happy-dom caches query results within a document,
    // which a tab opened once does not profit from.
    const doc = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
    const start = performance.now();
    const details = readPage(doc, largest.url);
    const elapsed = performance.now() - start;
    // A reading that went wrong is no measurement.
    if (!isDeepStrictEqual(details, largest.expected))
      throw new Error(`${largest.file} read as ${JSON.stringify(details)}`);
    if (round >= WARM_UP) times.push(elapsed);
  }
  const results = { page_read_ms: Math.round(median(times) * 1000) / 1000 };
  console.info(`page_read_ms over ${largest.file} (${size(largest.file)} bytes):`, results);
  writeFileSync(
    new URL('.page-read.results.json', import.meta.url),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  window.close();
});
