import { existsSync } from 'node:fs';

/** Debian's Chromium, or CHROMIUM_PATH; a missing browser is an error that says how to install it. */
export function findChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. End-to-end tests need Debian's Chromium: run "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`,
    );
  }
  return path;
}
