import { useEffect, useRef, useState } from 'preact/hooks';
import { browser, type Tabs } from '../shared/browser.ts';
import type { PageDetails } from '../shared/page-details.ts';
import { useConnector } from '../ui/connector.ts';
import { frontTab } from './front-tab.ts';
import { mayRead } from './host-access.tsx';
import type { PopupStart } from './start.ts';
import { productOf, readTabProduct, type TabProduct } from './tab-product.ts';

export const NOT_READ_YET: PageDetails = { availability: 'unknown' };

export interface PageInView {
  tab: TabProduct | undefined;
  /** The page was read (or could not be): its details say what it shows. */
  pageRead: boolean;
  error: unknown;
  /**
   * What Buyline may see of the tab in front: all, not its address (`hidden`: no host
   * access, or a browser page), or its address but not its page (`unread`).
   */
  access: 'ok' | 'hidden' | 'unread';
  /** Reads the tab in front again (host access was just given). */
  again: () => void;
}

const WINDOW_NONE = -1;

/**
 * The page beside the side panel, followed as the buyer moves: another tab made active,
 * a tab navigated, another window focused. Each move shows the tab's product at once
 * (from its address), then its page once read. Only while `enabled` (panel mode).
 */
export function useFollowedTab(opened: PopupStart['tab'], enabled: boolean): PageInView {
  const connector = useConnector();
  const [state, setState] = useState<Omit<PageInView, 'again'>>({
    tab: opened && { ...opened, details: NOT_READ_YET },
    pageRead: false,
    error: undefined,
    access: 'ok',
  });
  const again = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!enabled) return;
    let shown: { tabId?: number | undefined; url?: string | undefined } | undefined;
    let latest = 0;
    /** Shows a tab: at once from its address (`fresh`), then as its page reads. */
    const show = async (tab: Tabs.Tab | undefined, fresh: boolean) => {
      const ticket = ++latest;
      const found = productOf(tab);
      const access = tab !== undefined && !tab.url ? 'hidden' : 'ok';
      shown = { tabId: found.tabId, url: found.url };
      const unread = { ...found, details: NOT_READ_YET };
      if (fresh) setState({ tab: unread, pageRead: false, error: undefined, access });
      if (found.tabId === undefined || !found.product) {
        setState({ tab: unread, pageRead: true, error: undefined, access });
        return;
      }
      try {
        const read = await readTabProduct(connector, found);
        // Nothing read from a product page: its storefront's pages may be closed to Buyline.
        const nothing = Object.keys(read.details).length === 1 && !(await mayRead(found.url));
        if (ticket === latest)
          setState({
            tab: read,
            pageRead: true,
            error: undefined,
            access: nothing ? 'unread' : access,
          });
      } catch (error) {
        if (ticket === latest) setState((old) => ({ ...old, pageRead: true, error }));
      }
    };
    /** The tab in front, shown afresh when it is another tab or another address. */
    const follow = async (read = false) => {
      const tab = await frontTab().catch(() => undefined);
      const moved = tab?.id !== shown?.tabId || tab?.url !== shown?.url;
      if (moved || read) await show(tab, moved);
    };
    again.current = () => void follow(true);

    const onActivated = () => void follow();
    const onUpdated = (tabId: number, change: Tabs.OnUpdatedChangeInfoType) => {
      if (tabId !== shown?.tabId) return;
      // A new address is a new page; a page done loading is read again, now complete.
      if (change.url !== undefined || change.status === 'complete')
        void follow(change.status === 'complete');
    };
    const onFocus = (windowId: number) => {
      if (windowId !== WINDOW_NONE) void follow();
    };
    browser.tabs.onActivated.addListener(onActivated);
    browser.tabs.onUpdated.addListener(onUpdated);
    browser.windows.onFocusChanged.addListener(onFocus);
    // The tab the panel opened beside, as the start read it; else the one in front now.
    if (opened?.tabId !== undefined) {
      void browser.tabs.get(opened.tabId).then(
        (tab) => show(tab, false),
        () => follow(true),
      );
    } else void follow(true);
    return () => {
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
      browser.windows.onFocusChanged.removeListener(onFocus);
    };
  }, [enabled]);

  return { ...state, again: () => again.current() };
}
