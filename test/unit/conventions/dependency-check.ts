/**
 * Runs dependency-cruiser as `npx depcruise` does, with one of the project's configs
 * (.dependency-cruiser.cjs: the layers and cycles, types included;
 * .dependency-cruiser-bundles.cjs: what the pages' bundles reach), over the sources or
 * over planted fixtures laid out like them, and gives each violation in a form a test
 * can compare.
 */
import { resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export const ROOT = new URL('../../..', import.meta.url).pathname;

export type ConfigName = '.dependency-cruiser.cjs' | '.dependency-cruiser-bundles.cjs';

export interface Violation {
  rule: string;
  from: string;
  to: string;
  /** For a cycle, the modules around it. */
  cycle?: string[];
}

/** The violations of `config` over `dirs` (paths under `base`, the project's root by default). */
export async function violations(
  config: ConfigName,
  dirs: string[],
  base: string = ROOT,
): Promise<{ violations: Violation[]; modules: number }> {
  const options = await extractDepcruiseOptions(resolve(ROOT, config));
  const tsConfig = extractTSConfig(resolve(ROOT, 'tsconfig.json'));
  const { output } = await cruise(
    dirs,
    { ...options, baseDir: base, validate: true },
    {},
    { tsConfig },
  );
  const result = output as ICruiseResult;
  return {
    modules: result.summary.totalCruised,
    violations: result.summary.violations.map((found) => ({
      rule: found.rule.name,
      from: found.from,
      to: found.to,
      ...(found.cycle ? { cycle: found.cycle.map((step) => step.name) } : {}),
    })),
  };
}
