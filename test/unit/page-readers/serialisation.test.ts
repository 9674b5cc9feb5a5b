// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pageContextOf } from '../../../src/page-readers/page-context.ts';
import {
  PAGE_READER_INSTALLERS,
  readPage,
  runPageReaders,
} from '../../../src/page-readers/registry.ts';
import type { PageKit, PageReaderGlobal } from '../../../src/page-readers/types.ts';
import { FIXTURE_PAGES, fixtureHtml } from '../../fixtures/pages/readings.ts';

// scripting.executeScript({ func, args }) sends func's source text, as
// Function.prototype.toString gives it, and runs it in the page. A function evaluated
// from its text alone sees the global scope and nothing of its module: each one that
// runs there must work so.
const fromSource = <F extends (...args: never[]) => unknown>(func: F): F =>
  new Function(`return (${func.toString()})`)() as F;

const holder = globalThis as PageReaderGlobal;

/** Loads a fixture page into this document, as the tab holds it. */
function open(html: string): void {
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
}

afterEach(() => {
  delete holder.__buylinePageReaders;
});

// Every function of the kit, by name; the type makes the list complete.
const KIT_FUNCTIONS = {
  text: true,
  textAt: true,
  meta: true,
  byId: true,
  parseJson: true,
  json: true,
  cleanTitle: true,
  parsePrice: true,
  priceOfAmount: true,
  currencyOf: true,
  availabilityOf: true,
  flight: true,
  structured: true,
} satisfies Record<keyof PageKit, true>;

describe('the page readers in the page', () => {
  it('install the whole kit and a reader for every family', () => {
    for (const install of PAGE_READER_INSTALLERS) fromSource(install)();
    const space = holder.__buylinePageReaders;
    for (const name of Object.keys(KIT_FUNCTIONS))
      expect(typeof space?.kit[name as keyof PageKit], name).toBe('function');
    expect(Object.keys(space?.readers ?? {}).sort()).toEqual([
      'aliexpress',
      'amazon',
      'costco',
      'homedepot',
      'walmart',
    ]);
  });

  it('are injected as functions that refer to nothing outside their own text', () => {
    for (const func of [...PAGE_READER_INSTALLERS, runPageReaders]) {
      const source = func.toString();
      expect(source, func.name).not.toMatch(/__vite_ssr|__vi_import|import\(|require\(/);
      expect(() => fromSource(func), func.name).not.toThrow();
    }
  });

  it.each(FIXTURE_PAGES)(
    'read $file from their source text as they read it directly',
    ({ file, url, expected }) => {
      const html = fixtureHtml(file);
      open(html);
      for (const install of PAGE_READER_INSTALLERS) fromSource(install)();
      const context = pageContextOf(url);
      // The context crosses into the page as JSON.
      const inPage = fromSource(runPageReaders)(JSON.parse(JSON.stringify(context)));
      expect(inPage).toEqual(expected);
      expect(JSON.parse(JSON.stringify(inPage))).toEqual(inPage);
      delete holder.__buylinePageReaders;
      expect(readPage(document, url)).toEqual(inPage);
    },
  );

  it('install in any order, and again without harm', () => {
    open(fixtureHtml('amazon/amazon-com-buybox.html'));
    for (const install of [...PAGE_READER_INSTALLERS].reverse()) fromSource(install)();
    for (const install of PAGE_READER_INSTALLERS) fromSource(install)();
    const context = pageContextOf('https://www.amazon.com/dp/B0FOLGERS1');
    expect(fromSource(runPageReaders)(context as never).price).toEqual({
      amount: 1899,
      currency: 'USD',
    });
  });

  it('say "unknown" and nothing else when the installers did not run', () => {
    open(fixtureHtml('amazon/amazon-com-buybox.html'));
    const context = pageContextOf('https://www.amazon.com/dp/B0FOLGERS1');
    expect(fromSource(runPageReaders)(context as never)).toEqual({ availability: 'unknown' });
  });
});
