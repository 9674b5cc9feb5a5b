/**
 * The options page rendered in happy-dom and wired to the real background router, in
 * memory, through the pages' own connector: messages go to `route()` as from the
 * extension's own page, so the settings store, token store, vault (WebCrypto) and
 * history (fake-indexeddb) all run. Test files mock src/shared/browser.ts with
 * @webext-core/fake-browser first. Views alone are tested with a mock connector instead.
 */
import { render } from 'preact';
import { vi } from 'vitest';
import { route } from '../../../src/background/pages/router.ts';
import { OptionsApp } from '../../../src/options/app.tsx';
import { backgroundConnector } from '../../../src/ui/background-connector.ts';
import { ConnectorContext } from '../../../src/ui/connector.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from '../background/extension-env.ts';
import { waitFor } from './dom.ts';

export interface OptionsPage {
  root: HTMLElement;
  /** What the page asked the browser for, and how the browser answers. */
  permissionRequests: string[][];
  grantPermissions: boolean;
  unmount(): void;
}

/** Asks the background directly, as another page would. */
export async function ask(type: string, payload: unknown = {}): Promise<any> {
  const reply = await route({ buyline: 1, type, payload }, OWN_PAGE);
  if (!reply?.ok) throw new Error(reply?.error.message ?? 'no reply');
  return reply.data;
}

/**
 * A fresh extension, set up by `prepare` (through the background) before the page opens.
 * With `keep`, the extension and the page's own storage stay as they are: the page
 * opens again, as after a reload.
 */
export async function openOptions(
  prepare?: () => Promise<unknown>,
  { keep = false }: { keep?: boolean } = {},
): Promise<OptionsPage> {
  if (!keep) {
    await resetExtension();
    localStorage.clear();
  }
  const page: OptionsPage = {
    root: document.createElement('div'),
    permissionRequests: [],
    grantPermissions: true,
    unmount: () => {
      render(null, page.root);
      page.root.remove();
    },
  };
  (fakeBrowser.runtime as any).sendMessage = vi.fn((message: unknown) => route(message, OWN_PAGE));
  (fakeBrowser.permissions as any).request = vi.fn(async ({ origins }: { origins: string[] }) => {
    page.permissionRequests.push(origins);
    return page.grantPermissions;
  });
  (fakeBrowser.permissions as any).contains = vi.fn(async () => false);
  await prepare?.();
  document.body.append(page.root);
  render(
    <ConnectorContext.Provider value={backgroundConnector}>
      <OptionsApp />
    </ConnectorContext.Provider>,
    page.root,
  );
  await waitFor(() => {
    if (!page.root.querySelector('section')) throw new Error('not rendered yet');
  });
  return page;
}
