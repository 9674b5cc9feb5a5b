import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, describeViolations, expectAccessible } from './axe.ts';
import { type LaunchedExtension, launchExtension } from './index.ts';

// axe-core on extension pages: evaluated through the DevTools protocol, it runs under
// the extension's CSP (which refuses every inline script), finds a page's violations
// with their rules and elements, and the assertion fails with a list a person reads.

let extension: LaunchedExtension;

beforeAll(async () => {
  extension = await launchExtension({ dist: 'dist-test' });
}, 60_000);

afterAll(async () => {
  await extension?.close();
});

const BROKEN = `<!doctype html><html lang="en"><head><title>Broken on purpose</title></head>
<body><main>
  <h1>Broken on purpose</h1>
  <img src="/icons/icon-48.png">
  <button></button>
  <label>Fine <input id="fine"></label>
</main></body></html>`;

describe('accessibilityViolations', () => {
  it('runs on a chrome-extension:// page under its CSP and names each violation and element', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    await page.setContent(BROKEN);
    expect(page.url()).toMatch(/^chrome-extension:\/\//);

    const violations = await accessibilityViolations(page, { impact: ['serious', 'critical'] });
    expect(violations.map((violation) => violation.id).sort()).toEqual([
      'button-name',
      'image-alt',
    ]);
    expect(violations.find((violation) => violation.id === 'image-alt')).toMatchObject({
      impact: 'critical',
      help: 'Images must have alternative text',
      targets: ['img'],
      helpUrl: expect.stringContaining('image-alt'),
    });
    // A second run reuses the axe already in the page.
    expect(await accessibilityViolations(page, { within: 'label' })).toEqual([]);
    // Injecting axe is nothing the CSP refused, nor an error of the page...
    const ofPage = async () =>
      (await extension.settleProblems()).filter((problem) => problem.url === page.url());
    expect(await ofPage()).toEqual([]);
    // ...though the CSP is in force on the page: an inline script is refused.
    await page.addScriptTag({ content: 'window.inlineRan = true;' }).catch(() => undefined);
    expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
    expect(await ofPage()).toContainEqual(expect.objectContaining({ kind: 'csp-violation' }));
    await page.close();
  });

  it('fails the assertion with the list of rules and elements', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    await page.setContent(BROKEN);
    const failure = await expectAccessible(page).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toContain('2 accessibility violations on chrome-extension://');
    expect(failure).toContain(
      '- image-alt (critical): Images must have alternative text\n    at img',
    );
    expect(failure).toContain('- button-name (critical): Buttons must have discernible text');
    await page.close();
  });

  it('passes a page with no serious violation', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    await page.setContent(
      '<!doctype html><html lang="en"><title>Fine</title><main><h1>Fine</h1><button>Save</button></main></html>',
    );
    await expectAccessible(page);
    await page.close();
  });

  it('reads the real options page (its violations today are reported, not yet required to be none)', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 10_000 });
    const violations = await accessibilityViolations(page, { impact: ['serious', 'critical'] });
    for (const violation of violations) {
      expect(violation.id).toMatch(/^[a-z-]+$/);
      expect(violation.targets.length).toBeGreaterThan(0);
    }
    console.info(
      violations.length === 0
        ? 'The options page has no serious or critical violation.'
        : `The options page today:\n${describeViolations(violations)}`,
    );
    await page.close();
  });
});
