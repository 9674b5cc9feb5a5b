// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { SANDBOX_URL } from '../../../src/shared/settings.ts';
import { button, byLabel, click, region, statuses, type, waitFor } from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

// Out of the box Buyline holds the local sandbox's demo token. Saving the address of
// another service must not reuse it: the page says no token is set for that service
// and asks for its own.

let page: OptionsPage;
afterEach(() => page.unmount());

describe('a new service address', () => {
  it('asks for its own token instead of reusing the sandbox’s demo token', async () => {
    page = await openOptions(() => ask('token.set', { token: 'sandbox' }));
    const connection = region('Connection');
    await waitFor(() => expect(connection.textContent).toContain('Local sandbox (demo token)'));
    expect(byLabel('Service address', connection).value).toBe(SANDBOX_URL);
    expect(connection.textContent).not.toContain('demo token is not sent');

    await type(byLabel('Service address', connection), 'https://orders.example.com/api');
    await click(button('Save connection', connection));
    await waitFor(() => expect(statuses(connection)).toContain('Connection saved.'));
    await waitFor(() => expect(connection.textContent).toContain('Token: not set'));
    expect(connection.textContent).toContain(
      "The sandbox's demo token is not sent to another service: enter the token your service gave you.",
    );
    expect(await ask('token.status')).toEqual({ set: false });
    // The next step is the token of this service.
    expect(document.activeElement).toBe(byLabel('Token', connection));
  });
});
