import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import manifest from '../../../manifest.json' with { type: 'json' };
import messages from '../../../public/_locales/en/messages.json' with { type: 'json' };
import { type MessageKey, substitute, t } from '../../../src/shared/i18n.ts';

// The messages file and its use: every key the sources ask for is in it, every message
// says what it is for, placeholders match, and t() gives the browser's text or, where
// there is no browser, the same English text substituted the same way.

const root = new URL('../../..', import.meta.url).pathname;
const table: Record<
  string,
  { message: string; description?: string; placeholders?: Record<string, { content: string }> }
> = messages;

function sources(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(ts|tsx)$/.test(path))
      .map((path) => [`${dir}/${path}`, readFileSync(join(root, dir, path), 'utf8')]),
  );
}

/** Every `t('key'` in a source text. */
function keysAskedIn(source: string): string[] {
  return [...source.matchAll(/(?<![\w.$])t\(\s*['"`]([^'"`]*)['"`]/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('the messages file', () => {
  it('has every key the sources ask t() for', () => {
    const asked = Object.entries(sources('src')).flatMap(([file, source]) =>
      keysAskedIn(source).map((key) => ({ file, key })),
    );
    expect(asked.length).toBeGreaterThan(0);
    const missing = asked.filter(({ key }) => !Object.hasOwn(table, key));
    expect(missing).toEqual([]);
  });

  it('is what the check of the sources reads', () => {
    expect(
      keysAskedIn("const a = t('addressRequired', label); format(x); it('x'); set(y)"),
    ).toEqual(['addressRequired']);
    expect(keysAskedIn('t("missingKey")')).toEqual(['missingKey']);
  });

  it('gives every message a description, and keys the browser accepts', () => {
    for (const [key, entry] of Object.entries(table)) {
      expect(key, key).toMatch(/^[A-Za-z0-9_]+$/);
      expect(key.startsWith('@@'), key).toBe(false);
      expect(entry.message.trim(), key).not.toBe('');
      expect(entry.description?.trim().length ?? 0, `${key} has no description`).toBeGreaterThan(
        10,
      );
    }
  });

  it('defines every placeholder a message uses, uses every one, and numbers them 1..n', () => {
    for (const [key, entry] of Object.entries(table)) {
      const used = [...entry.message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) =>
        (m[1] ?? '').toLowerCase(),
      );
      const defined = Object.keys(entry.placeholders ?? {});
      expect(new Set(used), key).toEqual(new Set(defined));
      const contents = Object.values(entry.placeholders ?? {})
        .map((p) => p.content)
        .sort();
      expect(contents, key).toEqual(defined.map((_, index) => `$${index + 1}`).sort());
      // A bare dollar sign must be written $$; the only others are placeholders.
      expect(entry.message.replace(/\$[A-Za-z0-9_@]+\$|\$\$/g, ''), key).not.toContain('$');
    }
  });

  it('names the extension through the manifest, with English as the default locale', () => {
    expect(manifest.default_locale).toBe('en');
    expect(manifest.name).toBe('__MSG_extName__');
    expect(manifest.description).toBe('__MSG_extDescription__');
    for (const [, key] of JSON.stringify(manifest).matchAll(/__MSG_(\w+)__/g))
      expect(table[key ?? ''], key).toBeDefined();
    expect(table.extName?.message).toBe('Buyline');
    // The stores cut a longer description.
    expect(table.extDescription?.message.length).toBeLessThanOrEqual(132);
  });
});

describe('t()', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives the English text, substituted, where there is no browser i18n', () => {
    expect(t('addressRequired', 'City')).toBe('City is required.');
    expect(t('addressStateAbbreviation', 'State', 'MA', 'Massachusetts')).toBe(
      'State must be the postal abbreviation, such as MA for Massachusetts.',
    );
    expect(t('notifyHeldTitle', 5)).toBe('Sending in 5 s');
    expect(t('extName')).toBe('Buyline');
  });

  it('substitutes by the browser’s rules: $$ is a dollar sign, substituted text is not read again', () => {
    const entry = {
      message: 'Pay $$$AMOUNT$ to $WHO$.',
      placeholders: { amount: { content: '$1' }, who: { content: '$2' } },
    };
    expect(substitute(entry, ['5', '$1 Shop'])).toBe('Pay $5 to $1 Shop.');
    expect(substitute(entry, ['5'])).toBe('Pay $5 to .');
  });

  it('asks the browser’s i18n when there is one, with the substitutions as text', () => {
    const getMessage = vi.fn((key: string, subs?: string | string[]) => `[${key}:${String(subs)}]`);
    vi.stubGlobal('chrome', { i18n: { getMessage } });
    expect(t('notifyHeldTitle', 5)).toBe('[notifyHeldTitle:5]');
    expect(getMessage).toHaveBeenCalledWith('notifyHeldTitle', ['5']);
  });

  it('falls back to English when the browser has no text for a key', () => {
    vi.stubGlobal('browser', { i18n: { getMessage: () => '' } });
    expect(t('notifyUndo')).toBe('Cancel order');
  });

  it('is typed by the file: a key that is not in it does not compile', () => {
    // @ts-expect-error: not a key of messages.json.
    const missing: MessageKey = 'noSuchMessage';
    expect(missing in table).toBe(false);
  });
});
