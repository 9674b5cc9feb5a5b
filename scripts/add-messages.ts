/**
 * Adds English messages to public/_locales/en/messages.json from a JSON file of the
 * same shape (`{ key: { message, description, placeholders? } }`), refusing a key that
 * already exists with other text. Several people may add messages at once, so callers
 * run it under a lock: `flock /tmp/buyline-messages.lock node --import tsx
 * scripts/add-messages.ts new.json`.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const target = 'public/_locales/en/messages.json';
const source = process.argv[2];
if (!source) throw new Error('Usage: scripts/add-messages.ts <file.json>');

type Entry = { message: string; description?: string };
const current = JSON.parse(readFileSync(target, 'utf8')) as Record<string, Entry>;
const added = JSON.parse(readFileSync(source, 'utf8')) as Record<string, Entry>;
const clashes: string[] = [];
for (const [key, entry] of Object.entries(added)) {
  if (!/^[A-Za-z0-9_]+$/.test(key)) clashes.push(`${key}: keys may hold only A-Z, a-z, 0-9 and _`);
  else if (!entry.description) clashes.push(`${key}: every message needs a description`);
  else if (current[key] && current[key].message !== entry.message)
    clashes.push(`${key}: already "${current[key].message}"`);
  else current[key] = entry;
}
if (clashes.length > 0) {
  console.error(`Nothing added:\n${clashes.join('\n')}`);
  process.exit(1);
}
writeFileSync(`${target}.tmp`, `${JSON.stringify(current, null, 2)}\n`);
renameSync(`${target}.tmp`, target);
console.info(`${Object.keys(added).length} messages in ${target}.`);
