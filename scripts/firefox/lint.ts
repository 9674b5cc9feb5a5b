import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export interface LintMessage {
  code: string;
  message: string;
  file?: string;
}

export interface LintReport {
  summary: { errors: number; warnings: number; notices: number };
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

/** web-ext lint (Mozilla's add-ons linter, as addons.mozilla.org runs it) on a Firefox build. */
export function lintFirefoxBuild(dir: string): LintReport {
  if (!existsSync(resolve(dir, 'manifest.json')))
    throw new Error(`${dir}/manifest.json is missing: run "npm run build:firefox" first.`);
  const result = spawnSync(
    resolve('node_modules/.bin/web-ext'),
    ['lint', '--source-dir', dir, '--output', 'json', '--no-config-discovery'],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  // web-ext exits 1 when it finds errors; the report on stdout says which.
  try {
    return JSON.parse(result.stdout) as LintReport;
  } catch {
    throw new Error(`web-ext lint gave no report (exit ${result.status}):\n${result.stderr}`);
  }
}

/** One line per message, for failures and the packaging log. */
export function describeLint(messages: readonly LintMessage[]): string {
  return messages.map((m) => `${m.code} ${m.file ?? ''}: ${m.message}`).join('\n');
}
