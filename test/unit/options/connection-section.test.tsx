// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "fetch": { "disableSameOriginPolicy": true } } }
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { type RunningSandbox, startSandbox } from '../../../sandbox/index.ts';
import { fakeBrowser } from '../background/extension-env.ts';
import { button, byLabel, click, messageOf, region, statuses, type, waitFor } from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

const TOKEN = 'tok_test_8d41b2';
let sandbox: RunningSandbox;
let page: OptionsPage;
const connection = () => region('Connection');

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, tokens: [TOKEN], processingMs: 50 });
});
afterAll(() => sandbox.close());
// The page starts pointed at this test's sandbox, so that nothing reaches for port 8787.
const useSandbox = () => ask('settings.update', { patch: { serviceUrl: sandbox.url } });
beforeEach(async () => {
  page = await openOptions(useSandbox);
});
afterEach(() => page.unmount());

describe('the connection section', () => {
  it('saves an address on this machine without asking the browser', async () => {
    await type(byLabel('Service address', connection()), `http://localhost:${sandbox.port}/`);
    await click(button('Save connection', connection()));
    await waitFor(() => expect(statuses(connection())).toContain('Connection saved.'));
    expect((await ask('settings.get')).serviceUrl).toBe(`http://localhost:${sandbox.port}`);
    expect(page.permissionRequests).toEqual([]);
  });

  it('asks the browser for access to another origin, and does not save when refused', async () => {
    page.grantPermissions = false;
    const address = byLabel('Service address', connection());
    await type(address, 'https://orders.example.com/api');
    await click(button('Save connection', connection()));
    await waitFor(() =>
      expect(messageOf(address)).toMatch(/^Not saved: the browser did not allow/),
    );
    expect(page.permissionRequests).toEqual([['https://orders.example.com/*']]);
    expect((await ask('settings.get')).serviceUrl).toBe(sandbox.url);

    page.grantPermissions = true;
    await click(button('Save connection', connection()));
    await waitFor(() => expect(statuses(connection())).toContain('Connection saved.'));
    expect((await ask('settings.get')).serviceUrl).toBe('https://orders.example.com/api');
  });

  it('shows what is wrong at the field, in plain words', async () => {
    const address = byLabel('Service address', connection());
    await type(address, 'orders dot example');
    await click(button('Save connection', connection()));
    await waitFor(() => expect(messageOf(address)).toMatch(/must be a full address/));
    expect(address.getAttribute('aria-invalid')).toBe('true');

    await type(address, sandbox.url);
    const timeout = byLabel('Request timeout (seconds)', connection());
    await type(timeout, '500');
    await click(button('Save connection', connection()));
    await waitFor(() =>
      expect(messageOf(timeout)).toBe('Request timeout (seconds) must be 120 or less.'),
    );
    expect((await ask('settings.get')).requestTimeoutSeconds).toBe(20);
  });

  it('puts focus on the first problem after a failed save, and takes a problem away when its field changes', async () => {
    const address = byLabel('Service address', connection());
    const timeout = byLabel('Request timeout (seconds)', connection());
    await type(timeout, '500');
    await click(button('Save connection', connection()));
    await waitFor(() =>
      expect(messageOf(timeout)).toBe('Request timeout (seconds) must be 120 or less.'),
    );
    expect(document.activeElement).toBe(timeout);
    await type(timeout, '30');
    expect(messageOf(timeout)).toBe('From 3 to 120.');
    expect(timeout.getAttribute('aria-invalid')).toBeNull();

    await click(button('Save connection', connection()));
    await waitFor(() => expect(statuses(connection())).toContain('Connection saved.'));
    // The saved address is still the one in the field; changing any field makes the
    // "saved" stale.
    expect(address.getAttribute('aria-invalid')).toBeNull();
    await type(timeout, '31');
    expect(statuses(connection())).not.toContain('Connection saved.');
  });

  it('sends focus where the next step is after a test: the token field for a rejected token', async () => {
    await type(byLabel('Token', connection()), 'not-the-token');
    await click(button('Save token', connection()));
    await waitFor(() =>
      expect(statuses(connection()).at(-1)).toBe('Token rejected: check it and enter it again.'),
    );
    expect(document.activeElement).toBe(byLabel('Replace token', connection()));
    // When the test was, in the browser's language.
    expect(connection().textContent).toMatch(/Tested .*\d/);
  });

  it('keeps the token write-only: “set” or “not set”, replace, remove', async () => {
    await waitFor(() => expect(connection().textContent).toContain('Token: not set'));
    const field = byLabel('Token', connection());
    await type(field, TOKEN);
    await click(button('Save token', connection()));
    await waitFor(() => expect(connection().textContent).toContain('Token: set'));
    expect(byLabel('Replace token', connection()).value).toBe('');
    expect(document.body.innerHTML).not.toContain(TOKEN);
    expect(JSON.stringify(await ask('token.status'))).not.toContain(TOKEN);
    // Kept sealed in local storage: nowhere in clear.
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(TOKEN);

    await click(button('Remove token', connection()));
    await waitFor(() => expect(connection().textContent).toContain('Token: not set'));
    expect((await ask('token.status')).set).toBe(false);
  });

  it('tests the connection and answers plainly', async () => {
    page.unmount();
    page = await openOptions(() => ask('settings.update', { patch: { serviceUrl: sandbox.url } }));
    const result = () => statuses(connection()).at(-1);
    await click(button('Test connection', connection()));
    await waitFor(() =>
      expect(result()).toBe('No token is set: add the token your service gave you.'),
    );

    await type(byLabel('Token', connection()), 'not-the-token');
    await click(button('Save token', connection()));
    await waitFor(() => expect(result()).toBe('Token rejected: check it and enter it again.'));

    await type(byLabel('Replace token', connection()), TOKEN);
    await click(button('Save token', connection()));
    await waitFor(() => expect(result()).toBe(`Connected to ${sandbox.url}.`));

    // A web server that is not the order service.
    const other = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<h1>Welcome</h1>');
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    await ask('settings.update', { patch: { serviceUrl: otherUrl } });
    await click(button('Test connection', connection()));
    await waitFor(() =>
      expect(result()).toBe(
        `${otherUrl} answered, but not as the order service does: check the address.`,
      ),
    );
    await new Promise((done) => other.close(done));

    // A server that hangs up on every connection unanswered: nothing answers there, and
    // the client knows it at once (a port left closed could be taken by another test).
    const silent = createNetServer((socket) => socket.destroy());
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      await ask('settings.update', { patch: { serviceUrl: silentUrl } });
      await click(button('Test connection', connection()));
      await waitFor(() =>
        expect(result()).toBe(
          `${silentUrl} is not reachable: check the address and that the service is running.`,
        ),
      );
    } finally {
      await new Promise((done) => silent.close(done));
    }
  });
});
