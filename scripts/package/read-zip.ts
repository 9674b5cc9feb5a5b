/** Reads back an archive (ours or any plain zip without zip64): each entry's name, mode and contents. */
import { inflateRawSync } from 'node:zlib';
import type { ZipEntry } from './zip.ts';

export function unzip(archive: Buffer): Required<ZipEntry>[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a zip archive: no end of central directory.');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: Required<ZipEntry>[] = [];
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50)
      throw new Error(`Bad central directory entry ${i}.`);
    const method = archive.readUInt16LE(at + 10);
    const compressed = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const mode = (archive.readUInt32LE(at + 38) >>> 16) & 0o777;
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const body = archive.subarray(start, start + compressed);
    entries.push({ name, mode, data: method === 8 ? inflateRawSync(body) : Buffer.from(body) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
