import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// sandbox/README.md tells testers what tax an order gets; it must say what the
// catalog the sandbox charges from says.

const readme = readFileSync('sandbox/README.md', 'utf8');
const catalog = JSON.parse(readFileSync('sandbox/retailer/catalog.json', 'utf8')) as {
  tax_percent: { us_states: Record<string, number>; storefronts: Record<string, number> };
};
const section = readme.slice(
  readme.indexOf('## Tax'),
  readme.indexOf('\n## ', readme.indexOf('## Tax') + 1),
);

describe('the README’s tax table', () => {
  it('gives every US state and territory the catalog’s rate, and no other', () => {
    const rates: Record<string, number> = {};
    for (const [, rate, codes] of section.matchAll(/^\| ([\d.]+)% \| ([A-Z, ]+) \|$/gm))
      for (const code of (codes as string).split(', ')) rates[code] = Number(rate);
    expect(rates).toEqual(catalog.tax_percent.us_states);
  });

  it('gives each flat-rate storefront the catalog’s rate', () => {
    const fronts: Record<string, number> = {};
    for (const [, code, rate] of section.matchAll(/`([a-z_]+)` ([\d.]+)%/g))
      fronts[code as string] = Number(rate);
    expect(fronts).toEqual(catalog.tax_percent.storefronts);
  });

  it('says no more than the catalog in the test values either', () => {
    const row = readme.split('\n').find((line) => line.startsWith('| state `OR`'));
    for (const [, state, rate] of (row ?? '').matchAll(/([A-Z]{2}) ([\d.]+)%/g))
      expect(catalog.tax_percent.us_states[state as string], state).toBe(Number(rate));
    for (const state of (row ?? '').matchAll(/`([A-Z]{2})`/g))
      expect(catalog.tax_percent.us_states[state[1] as string], state[1]).toBe(0);
  });
});
