import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DATA_COLLECTION } from '../../../scripts/manifest-for.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';

// PRIVACY.md is the policy the stores link to; public/privacy.html is the same text as a
// page the extension ships (Options links to it). The two say the same words, and the
// policy agrees with what the code declares: the data Firefox is told Buyline sends,
// and the one thing that syncs through the browser's account.

const policy = () => readFile('PRIVACY.md', 'utf8');
/** A text on one line, so a phrase is found wherever its lines break. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The words of a Markdown text, without its marks. */
function markdownWords(text: string): string[] {
  return text
    .replace(/^#+ /gm, '')
    .replace(/^- /gm, '')
    .replace(/\*\*|`/g, '')
    .split(/\s+/)
    .filter(Boolean);
}

/** The words of a page's main part, without its tags. */
function pageWords(html: string): string[] {
  const main = /<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return main
    .replace(/<\/?(strong|code)>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split(/\s+/)
    .filter(Boolean);
}

/** The lines of one `## ` section of PRIVACY.md. */
function section(text: string, title: string): string {
  const start = text.indexOf(`## ${title}\n`);
  if (start < 0) throw new Error(`PRIVACY.md has no "## ${title}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

describe('the privacy policy', () => {
  it('ships as public/privacy.html with the words of PRIVACY.md', async () => {
    const page = await readFile('public/privacy.html', 'utf8');
    expect(
      pageWords(page).join(' '),
      'public/privacy.html no longer says what PRIVACY.md says: write the change there too',
    ).toBe(markdownWords(await policy()).join(' '));
  });

  it('names exactly the data Firefox is told Buyline transmits', async () => {
    const told = section(await policy(), 'What Firefox is told');
    const named = [...told.matchAll(/^- `([A-Za-z]+)`:/gm)].map((match) => match[1]);
    expect(named.sort()).toEqual([...DATA_COLLECTION].sort());
  });

  it('says only the settings sync, as stored-keys.ts has it', async () => {
    const synced = Object.entries(STORED_KEYS)
      .filter(([, where]) => where.area === 'sync')
      .map(([name]) => name);
    expect(synced, 'a new synced key: say in PRIVACY.md that it syncs').toEqual(['settings']);
    const where = flat(section(await policy(), 'Where it is kept'));
    expect(where).toContain('your settings sync through your browser account');
    // Secrets never sync, and the policy says which stay on the device.
    for (const [name, stored] of Object.entries(STORED_KEYS))
      if (stored.secret) expect(stored.area, name).not.toBe('sync');
    for (const kept of ['service token', 'webhook addresses', 'the vault', 'the order history'])
      expect(where).toContain(kept);
  });

  it('sends to the order service alone, with no analytics and no third party', async () => {
    const text = flat(await policy());
    expect(flat(section(await policy(), 'What Buyline sends, and to whom'))).toContain(
      'the order service at the address you set',
    );
    expect(text).toContain('no analytics');
    expect(text).toContain('shared with any third party');
  });
});
