import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedExtension, launchExtension } from './index.ts';

// The smoke tests assert that the builds report no problem; this proves the watcher
// would see one. A throwaway extension under the same CSP does in its worker, a page
// and its popup each thing a broken build could do.

const BROKEN_SCRIPT = (where: string) => `
try { new Function('return 1'); } catch {}
console.error('${where}: console error');
setTimeout(() => { throw new Error('${where}: uncaught'); }, 0);
`;

const FILES: Record<string, string> = {
  'manifest.json': JSON.stringify({
    manifest_version: 3,
    name: 'Broken on purpose',
    version: '1',
    background: { service_worker: 'worker.js', type: 'module' },
    action: { default_popup: 'popup.html' },
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'none'" },
  }),
  'worker.js': `${BROKEN_SCRIPT('worker')}
chrome.runtime.onMessage.addListener((_message, _sender, reply) => reply({ ok: true }));`,
  'page.html': '<!doctype html><title>Page</title><h1>Page</h1><script src="page.js"></script>',
  'page.js': BROKEN_SCRIPT('page'),
  'popup.html': '<!doctype html><title>Popup</title><h1>Popup</h1><script src="popup.js"></script>',
  'popup.js': BROKEN_SCRIPT('popup'),
  // The harness wakes a stopped worker from this page; it does nothing wrong itself.
  'src/options/index.html': '<!doctype html><title>Clean</title><h1>Clean</h1>',
};

let dir: string;
let extension: LaunchedExtension;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'buyline-broken-extension-'));
  await mkdir(join(dir, 'src/options'), { recursive: true });
  for (const [path, text] of Object.entries(FILES)) await writeFile(join(dir, path), text);
  extension = await launchExtension({ dist: dir });
}, 60_000);

afterAll(async () => {
  await extension?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const expected = (url: string, where: string) => [
  { kind: 'csp-violation', url, text: expect.stringContaining('script-src refused') },
  { kind: 'console-error', url, text: `${where}: console error` },
  { kind: 'uncaught', url, text: expect.stringContaining(`${where}: uncaught`) },
];

async function until(found: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 50 && !(await found()); tries++)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('the problem watcher', () => {
  it('reports console errors, uncaught errors and CSP violations of the worker and of pages', async () => {
    await extension.openExtensionPage('page.html');
    const worker = extension.extensionUrl('worker.js');
    const page = extension.extensionUrl('page.html');
    // An uncaught error comes from a timer, so it may follow the page's load.
    await until(async () =>
      (await extension.settleProblems()).some((p) => p.kind === 'uncaught' && p.url === page),
    );
    const problems = await extension.settleProblems();
    for (const problem of [...expected(worker, 'worker'), ...expected(page, 'page')])
      expect(problems).toContainEqual(problem);
    expect(problems.filter((p) => p.url.endsWith('/src/options/index.html'))).toEqual([]);
  });

  it('sees the popup, and a worker started again after it was stopped', async () => {
    const popup = await extension.openPopupOnActiveTab('popup.html');
    await popup.getByRole('heading', { name: 'Popup' }).waitFor({ timeout: 10_000 });
    const popupUrl = extension.extensionUrl('popup.html');
    await until(async () =>
      (await extension.settleProblems()).some((p) => p.kind === 'uncaught' && p.url === popupUrl),
    );
    for (const problem of expected(popupUrl, 'popup'))
      expect(await extension.settleProblems()).toContainEqual(problem);

    const workerUrl = extension.extensionUrl('worker.js');
    const fromWorker = () => extension.problems.filter((p) => p.url === workerUrl).length;
    const before = fromWorker();
    await extension.stopServiceWorker();
    await extension.serviceWorker();
    await until(async () => (await extension.settleProblems()).length > 0 && fromWorker() > before);
    expect(fromWorker()).toBeGreaterThan(before);
  });
});
