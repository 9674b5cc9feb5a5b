import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The edges of controls (fields and buttons) stand out from the page at 3:1 at least, in
// light and in dark (WCAG 1.4.11, non-text contrast; axe does not check it). Measured over
// the pages' own stylesheets: every border a control rule draws, in both colour schemes.

const root = new URL('../../..', import.meta.url).pathname;
const sheets = ['src/ui/base.css', 'src/options/options.css'].map((file) =>
  readFileSync(`${root}${file}`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''),
);
const base = sheets[0] ?? '';

/** The custom properties of the first `:root` block after `from` in the base stylesheet. */
function properties(from: number): Record<string, string> {
  const start = base.indexOf(':root', from);
  const block = base.slice(base.indexOf('{', start) + 1, base.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1], match[2]?.trim()]),
  );
}
const light = properties(0);
const dark = { ...light, ...properties(base.indexOf('prefers-color-scheme: dark')) };

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

/** Every rule of the sheets aimed at a control, with the colour its border is drawn in. */
function controlBorders(): { selector: string; colour: string }[] {
  const found: { selector: string; colour: string }[] = [];
  for (const sheet of sheets)
    for (const rule of sheet.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const selector = (rule[1] ?? '').trim();
      if (!/(^|[\s,>])(button|input|select|textarea)\b/.test(selector)) continue;
      for (const declaration of (rule[2] ?? '').matchAll(/border(?:-color)?\s*:\s*([^;]+);/g)) {
        const value = declaration[1] ?? '';
        if (/^none\b/.test(value.trim())) continue;
        const colour = /var\((--[\w-]+)/.exec(value)?.[1] ?? /#[0-9a-f]{6}/i.exec(value)?.[0];
        found.push({ selector, colour: colour ?? value });
      }
    }
  return found;
}

describe('the edges of controls', () => {
  it('are drawn in a colour of the pages’ palette, for fields and buttons alike', () => {
    const borders = controlBorders();
    const selectors = borders.map((border) => border.selector).join(' | ');
    expect(selectors).toMatch(/\bbutton\b/);
    expect(selectors).toMatch(/\binput\b/);
    for (const { selector, colour } of borders)
      expect(colour.startsWith('--') || colour.startsWith('#'), selector).toBe(true);
  });

  for (const [scheme, palette] of [
    ['light', light],
    ['dark', dark],
  ] as const)
    it(`stand out from the page at 3:1 or more in ${scheme}`, () => {
      const page = palette['--bg'] as string;
      for (const { selector, colour } of controlBorders()) {
        const drawn = colour.startsWith('--') ? palette[colour] : colour;
        expect(drawn, `${selector}: ${colour}`).toMatch(/^#[0-9a-f]{6}$/i);
        expect(
          contrast(drawn as string, page),
          `${selector} in ${scheme}: ${drawn} on ${page}`,
        ).toBeGreaterThanOrEqual(3);
      }
    });

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The faint edges this test was written against.
    expect(contrast('#e5e7eb', '#ffffff')).toBeCloseTo(1.24, 2);
    expect(contrast('#374151', '#111827')).toBeCloseTo(1.72, 2);
  });
});
