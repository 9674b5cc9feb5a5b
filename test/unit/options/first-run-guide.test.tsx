// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "fetch": { "disableSameOriginPolicy": true } } }
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { SANDBOX_URL } from '../../../src/shared/service-address.ts';
import { startTestSandbox } from '../background/sandbox-env.ts';
import { button, byLabel, choose, click, queryButton, region, type, waitFor } from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

let sandbox: RunningSandbox;
let page: OptionsPage | undefined;
const guide = () => region('Get started');
const queryGuide = () => document.getElementById('guide-heading')?.closest('section') ?? null;
/** Each step as the guide shows it: its title, then its state and sentence. */
const steps = () =>
  [...guide().querySelectorAll('li.step')].map((step) =>
    [step.querySelector('strong')?.textContent, step.querySelector('p')?.textContent].join(' | '),
  );
const HOME = {
  'Address label': 'Home',
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Address line 1': '1 Main St',
  City: 'Cambridge',
  State: 'MA',
  'ZIP code': '02139',
  'Phone number': '6175550100',
};

beforeAll(async () => {
  sandbox = await startTestSandbox(50);
});
afterAll(() => sandbox.close());
afterEach(() => page?.unmount());

describe('the first run', () => {
  it('names the built-in sandbox as such, not as “Token: set”', async () => {
    // Out of the box: the sandbox's address, and its token set at install.
    page = await openOptions(() => ask('token.set', { token: 'sandbox' }));
    const connection = region('Connection');
    await waitFor(() => expect(connection.textContent).toContain('Local sandbox (demo token)'));
    expect(connection.textContent).not.toContain('Token: set');
    expect(byLabel('Service address', connection).value).toBe(SANDBOX_URL);
    await waitFor(() =>
      expect(steps()[0]).toBe(
        "Connect to your order service | Next: test the connection. Buyline starts with a local test service and its demo token; to order for real, enter your service's address and token instead.",
      ),
    );

    // The same token at another address is the user's own, and says so.
    await ask('settings.update', { patch: { serviceUrl: 'http://localhost:9999' } });
    await waitFor(() => expect(connection.textContent).toContain('Token: set'));
    expect(connection.textContent).not.toContain('demo token');
  });

  it('leads through the connection, then an address, says the ordering mode, and then goes', async () => {
    // A sandbox of this test's own, with its token; nothing tested yet.
    page = await openOptions(async () => {
      await ask('settings.update', { patch: { serviceUrl: sandbox.url } });
      await ask('token.set', { token: 'sandbox' });
    });
    await waitFor(() =>
      expect(steps()).toEqual([
        `Connect to your order service | Next: test the connection to ${sandbox.url}.`,
        'Add a shipping address | Then: add the address orders ship to.',
        'How orders are placed | Done: orders are placed with managed accounts. You can change it under Order defaults.',
      ]),
    );
    // Only the next step offers its action.
    expect(queryButton('Go to the address form', guide())).toBeUndefined();
    // The ordering mode Order defaults already holds is said, never asked for.
    expect(queryButton('Use managed accounts', guide())).toBeUndefined();
    expect(queryButton('Use my own retailer account', guide())).toBeUndefined();

    // 1. The connection, tested from the guide.
    await click(button('Test connection', guide()));
    await waitFor(() =>
      expect(steps()[0]).toBe(`Connect to your order service | Done: connected to ${sandbox.url}.`),
    );
    expect(steps()[1]).toBe(
      'Add a shipping address | Next: add the address orders ship to; the first one you add becomes the default.',
    );
    // Focus moves to what is next.
    await waitFor(() =>
      expect(document.activeElement).toBe(button('Go to the address form', guide())),
    );
    // Its name is not the form's own button's: a voice command reaches one of them.
    expect(queryButton('Add address', guide())).toBeUndefined();

    // 2. An address: the guide's button goes to the form's first field.
    await click(button('Go to the address form', guide()));
    const defaults = region('Order defaults');
    expect(document.activeElement).toBe(byLabel('Address label', defaults));
    for (const [label, value] of Object.entries(HOME)) await type(byLabel(label, defaults), value);
    await click(button('Add address', defaults));
    // 3. The ordering mode is the one Order defaults shows: with the address, set-up is
    // done, and nothing asks to choose again what the settings hold.
    await waitFor(() =>
      expect(guide().textContent).toContain(
        'Set-up done: open a product page and click the Buyline button in the toolbar to order it.',
      ),
    );
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Set-up done/));
    expect((await ask('settings.get')).mode).toBe('managed');

    // Done once is done: the next time the page opens there is no guide.
    page.unmount();
    page = await openOptions(undefined, { keep: true });
    await waitFor(() => expect(region('Connection').textContent).toContain('Token: set'));
    expect(queryGuide()).toBeNull();
  }, 15_000);

  it('says what the last test found when the connection failed, and follows the mode chosen in the defaults', async () => {
    page = await openOptions(async () => {
      await ask('settings.update', { patch: { serviceUrl: sandbox.url } });
      await ask('token.set', { token: 'not-the-token' });
    });
    await click(await waitFor(() => button('Test connection', guide())));
    await waitFor(() =>
      expect(steps()[0]).toBe(
        'Connect to your order service | Next: the last test said: Token rejected: check it and enter it again. Correct it under Connection, then test again.',
      ),
    );
    // The guide's other way: to the connection's own fields.
    await click(button('Enter an address and token', guide()));
    expect(document.activeElement).toBe(byLabel('Service address', region('Connection')));

    await choose(byLabel('Ordering mode', region('Order defaults')), 'own');
    await waitFor(() =>
      expect(steps()[2]).toBe(
        'How orders are placed | Done: orders are placed with your own retailer account. You can change it under Order defaults.',
      ),
    );
  });

  it('counts a test made before the service address changed as no test of the new one', async () => {
    page = await openOptions(async () => {
      await ask('settings.update', { patch: { serviceUrl: sandbox.url } });
      await ask('token.set', { token: 'sandbox' });
      await ask('token.test');
    });
    await waitFor(() =>
      expect(steps()[0]).toBe(`Connect to your order service | Done: connected to ${sandbox.url}.`),
    );
    const other = `http://localhost:${sandbox.port}`;
    await type(byLabel('Service address', region('Connection')), other);
    await click(button('Save connection', region('Connection')));
    await waitFor(() =>
      expect(steps()[0]).toBe(
        `Connect to your order service | Next: test the connection to ${other}.`,
      ),
    );
    await click(button('Test connection', guide()));
    await waitFor(() =>
      expect(steps()[0]).toBe(`Connect to your order service | Done: connected to ${other}.`),
    );
  });
});
