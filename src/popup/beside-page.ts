import { useEffect, useRef } from 'preact/hooks';
import { browser } from '../shared/browser.ts';
import type { ShowOrderRequest } from '../shared/protocol.ts';

type SidebarAction = { open(): Promise<void> };
type SidePanel = { open(options: { windowId: number }): Promise<void> };

/**
 * "Keep open beside the page": Chrome's side panel of the popup's window, or Firefox's
 * sidebar, then the popup closes. The browsers open either only from a click, so the
 * window is known before it; undefined where the browser has neither.
 */
export function useOpenBeside(): (() => void) | undefined {
  const windowId = useRef<number>();
  const sidebar = (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
  const sidePanel = (globalThis as { chrome?: { sidePanel?: SidePanel } }).chrome?.sidePanel;
  useEffect(() => {
    if (sidePanel)
      void browser.windows.getCurrent().then((window) => {
        windowId.current = window.id;
      });
  }, []);
  if (!sidebar && !sidePanel) return undefined;
  return () => {
    const id = windowId.current;
    const opening = sidebar
      ? sidebar.open()
      : id !== undefined
        ? sidePanel?.open({ windowId: id })
        : undefined;
    void opening?.then(
      () => window.close(),
      () => undefined,
    );
  };
}

/**
 * The panel's answer to the background asking it to show an order (a notification's
 * button): it shows it, and says so, so the background opens nothing else.
 */
export function useShowRequests(
  enabled: boolean,
  show: (localId: string, confirm: boolean) => void,
) {
  const current = useRef(show);
  current.current = show;
  useEffect(() => {
    if (!enabled) return;
    const listener = (message: unknown) => {
      const request = message as Partial<ShowOrderRequest> | undefined;
      if (request?.buylineShow !== 1 || typeof request.localId !== 'string') return undefined;
      current.current(request.localId, request.confirm === true);
      return Promise.resolve(true);
    };
    browser.runtime.onMessage.addListener(listener);
    return () => browser.runtime.onMessage.removeListener(listener);
  }, [enabled]);
}
