/**
 * Accessibility checks with axe-core on any page the harness drives, extension pages
 * included. axe's source is evaluated in the page through the DevTools protocol
 * (page.evaluate), which the extension's CSP (script-src 'self') does not govern, so
 * nothing is added to the build and no inline script is needed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AccessibilityViolation {
  /** axe's rule id, such as `color-contrast`. */
  id: string;
  impact: Impact | null;
  /** What the rule asks for, in a sentence. */
  help: string;
  helpUrl: string;
  /** One CSS selector per element that breaks the rule (` >>> ` into shadow roots). */
  targets: string[];
}

export interface AccessibilityOptions {
  /** The impacts to report; all when left out. */
  impact?: readonly Impact[];
  /** Only the part of the page under this selector. */
  within?: string;
  /** Rules to leave out, by id, each with a reason in the caller's comment. */
  skipRules?: readonly string[];
}

let axeSource: string | undefined;

function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** Runs axe on the page as it is now and returns its violations, filtered by impact. */
export async function accessibilityViolations(
  page: Page,
  options: AccessibilityOptions = {},
): Promise<AccessibilityViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // A statement list, evaluated as it is: Runtime.evaluate runs it like a script.
  if (!loaded) await page.evaluate(axeScript());
  const violations = await page.evaluate(
    async ({ within, skipRules }) => {
      type AxeNode = { target: (string | string[])[] };
      type AxeResult = {
        id: string;
        impact: Impact | null;
        help: string;
        helpUrl: string;
        nodes: AxeNode[];
      };
      const axe = (
        window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeResult[] }> };
        }
      ).axe;
      const rules = Object.fromEntries(skipRules.map((id) => [id, { enabled: false }]));
      const result = await axe.run(within ?? document, { resultTypes: ['violations'], rules });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        helpUrl: violation.helpUrl,
        targets: violation.nodes.map((node) =>
          node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' '),
        ),
      }));
    },
    { within: options.within, skipRules: [...(options.skipRules ?? [])] },
  );
  const impacts = options.impact;
  return impacts
    ? violations.filter((violation) => violation.impact && impacts.includes(violation.impact))
    : violations;
}

/** The violations as a list a person reads in a failed test's output. */
export function describeViolations(violations: readonly AccessibilityViolation[]): string {
  return violations
    .map(
      (violation) =>
        `- ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
        violation.targets.map((target) => `    at ${target}`).join('\n'),
    )
    .join('\n');
}

/**
 * Fails, with the readable list, when the page has serious or critical violations (or
 * those of the impacts given): `await expectAccessible(page)`.
 */
export async function expectAccessible(
  page: Page,
  options: AccessibilityOptions = { impact: ['serious', 'critical'] },
): Promise<void> {
  const violations = await accessibilityViolations(page, options);
  if (violations.length === 0) return;
  throw new Error(
    `${violations.length} accessibility violation${violations.length === 1 ? '' : 's'} on ${page.url()}:\n${describeViolations(violations)}`,
  );
}
