import { existsSync } from 'node:fs';

/** Debian's firefox-esr, or FIREFOX_PATH; a missing browser is an error that says how to install it. */
export function findFirefox(): string {
  const path = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
  if (!existsSync(path)) {
    throw new Error(
      `Firefox was not found at ${path}. The Firefox tests need Debian's Firefox ESR: run "apt-get update && apt-get install -y firefox-esr" (or set FIREFOX_PATH).`,
    );
  }
  return path;
}
