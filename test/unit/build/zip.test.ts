import { describe, expect, it } from 'vitest';
import { unzip } from '../../../scripts/package/read-zip.ts';
import { zip } from '../../../scripts/package/zip.ts';

// The store archives are byte-identical for the same files: that rests on this writer.

const files = [
  { name: 'src/popup/index.html', data: Buffer.from('<!doctype html>'.repeat(40)) },
  { name: 'manifest.json', data: Buffer.from('{"manifest_version":3}') },
  { name: '.ci/run', data: Buffer.from('#!/bin/sh\n'), mode: 0o755 },
  { name: 'icons/icon-16.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]) },
];

describe('the zip writer', () => {
  it('gives the same bytes whatever order the files come in', () => {
    expect(zip([...files].reverse()).equals(zip(files))).toBe(true);
  });

  it('lists entries sorted by name, with their contents and modes intact', () => {
    const back = unzip(zip(files));
    expect(back.map((entry) => entry.name)).toEqual([
      '.ci/run',
      'icons/icon-16.png',
      'manifest.json',
      'src/popup/index.html',
    ]);
    for (const file of files) {
      const entry = back.find((candidate) => candidate.name === file.name);
      expect(entry?.data.equals(file.data)).toBe(true);
      expect(entry?.mode).toBe(file.mode ?? 0o644);
    }
  });

  it('carries no time but the fixed one, so a rebuild with new file times changes nothing', () => {
    const archive = zip(files);
    // Every local header's time and date: 1980-01-01 00:00.
    for (
      let at = archive.indexOf('PK\x03\x04');
      at >= 0;
      at = archive.indexOf('PK\x03\x04', at + 4)
    ) {
      expect(archive.readUInt16LE(at + 10)).toBe(0);
      expect(archive.readUInt16LE(at + 12)).toBe(0x21);
    }
  });

  it('refuses the same name twice', () => {
    expect(() => zip([...files, { name: 'manifest.json', data: Buffer.from('{}') }])).toThrow(
      'manifest.json would be in the archive twice.',
    );
  });

  it('depends on the contents: one changed byte changes the archive', () => {
    const changed = files.map((file) =>
      file.name === 'manifest.json'
        ? { ...file, data: Buffer.from('{"manifest_version":2}') }
        : file,
    );
    expect(zip(changed).equals(zip(files))).toBe(false);
  });
});
