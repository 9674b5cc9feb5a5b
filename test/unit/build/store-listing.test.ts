import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import manifest from '../../../manifest.json' with { type: 'json' };
import messages from '../../../public/_locales/en/messages.json' with { type: 'json' };
import { STORE_SIZE } from '../../../scripts/screenshots/store-size.ts';

// store/listing.md is what each store's dashboard is given. Both stores ask why each
// permission is needed, so every permission the manifest asks for has its line there;
// its name and short description are the extension's own; its screenshots exist at the
// stores' size.

/** The Chrome Web Store's limit on the short description. */
const SHORT_DESCRIPTION_MAX = 132;

const listing = () => readFile('store/listing.md', 'utf8');

/** The text of one `## ` section of the listing. */
function section(text: string, title: string): string {
  const start = text.indexOf(`## ${title}\n`);
  if (start < 0) throw new Error(`store/listing.md has no "## ${title}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start + title.length + 4, end < 0 ? undefined : end).trim();
}

/** A PNG's size, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('the store listing', () => {
  it('says why each permission the manifest asks for is needed, one line each', async () => {
    const lines = section(await listing(), 'Permissions');
    const explained = new Map(
      [...lines.matchAll(/^- `([^`]+)`: (.+)$/gm)].map((match) => [match[1], match[2]]),
    );
    const asked = [
      ...manifest.permissions,
      ...manifest.host_permissions,
      ...manifest.optional_host_permissions,
    ];
    for (const permission of asked)
      expect(explained.get(permission), `no line for "${permission}" in store/listing.md`).toMatch(
        /\w{3,}.*\./,
      );
  });

  it('has the extension’s own name and short description, within the store’s limit', async () => {
    const text = await listing();
    expect(section(text, 'Name')).toBe(messages.extName.message);
    const short = section(text, 'Short description');
    expect(short).toBe(messages.extDescription.message);
    expect(short.length).toBeLessThanOrEqual(SHORT_DESCRIPTION_MAX);
    expect(section(text, 'Long description').length).toBeGreaterThan(short.length);
  });

  it('lists screenshots that exist at the stores’ size, 1280 × 800', async () => {
    const files = [
      ...section(await listing(), 'Screenshots').matchAll(/`(store\/[^`]+\.png)`/g),
    ].map((match) => match[1] as string);
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const file of files) expect(pngSize(await readFile(file)), file).toEqual(STORE_SIZE);
  });
});
