import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PageDetails } from '../shared/page-details.ts';
import { useConnector } from '../ui/connector.ts';
import { activeTabProduct } from './active-tab.ts';
import type { PopupStart } from './start.ts';
import { readTabProduct, type TabProduct } from './tab-product.ts';

const NOT_READ_YET: PageDetails = { availability: 'unknown' };

export interface PageInView {
  /** The product from the tab's address, with the page's details once they are read. */
  tab: TabProduct | undefined;
  /** The page itself was read (or could not be): its details are what it says. */
  pageRead: boolean;
  error: unknown;
}

/**
 * The page in view, in two steps: the product from the tab's address first (read as
 * the popup opened, `opened`: the form is shown from it), the page's title, price and
 * availability when its reading ends. Read only while `wanted` (the order view): the
 * orders list never waits for it.
 */
export function usePageInView(opened: PopupStart['tab'], wanted: boolean): PageInView {
  const connector = useConnector();
  const [state, setState] = useState<PageInView>({
    tab: opened && { ...opened, details: NOT_READ_YET },
    pageRead: false,
    error: undefined,
  });
  const asked = useRef(false);

  useLayoutEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    if (!state.tab)
      activeTabProduct().then(
        // The page's reading may have ended first; it is not overwritten.
        (found) =>
          setState((old) => (old.tab ? old : { ...old, tab: { ...found, details: NOT_READ_YET } })),
        (error: unknown) => setState((old) => ({ ...old, error })),
      );
    readTabProduct(connector).then(
      (tab) => setState({ tab, pageRead: true, error: undefined }),
      (error: unknown) => setState((old) => ({ ...old, pageRead: true, error })),
    );
  }, [wanted]);
  return state;
}
