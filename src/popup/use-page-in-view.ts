import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PageDetails } from '../shared/page-details.ts';
import { useConnector } from '../ui/connector.ts';
import { activeTabProduct } from './active-tab.ts';
import { type EarlyReads, firstFrom, unanswered } from './early-reads.ts';
import { readTabProduct, type TabProduct } from './tab-product.ts';

const NOT_READ_YET: PageDetails = { availability: 'unknown' };

export interface PageInView {
  /** The product from the tab's address, with the page's details once they are read. */
  tab: TabProduct | undefined;
  /** The page itself was read (or could not be): its details are what it says. */
  pageRead: boolean;
  error: unknown;
}

/** What the early reads had found when the popup was first drawn. */
function known(early: EarlyReads | undefined): PageInView {
  const page = early?.tab?.answer;
  if (page) return { tab: page, pageRead: true, error: undefined };
  const found = early?.product?.answer;
  return { tab: found && { ...found, details: NOT_READ_YET }, pageRead: false, error: undefined };
}

/**
 * The page in view, in two steps: the product from the tab's address first (the form
 * can be shown then), the page's title, price and availability when its reading ends.
 * Read only while `wanted` (the order view): the orders list never waits for it.
 */
export function usePageInView(early: EarlyReads | undefined, wanted: boolean): PageInView {
  const connector = useConnector();
  const [reads] = useState(() => ({
    product: firstFrom(unanswered(early?.product), activeTabProduct),
    page: firstFrom(unanswered(early?.tab), () => readTabProduct(connector)),
  }));
  const [state, setState] = useState<PageInView>(() => known(early));
  const asked = useRef(false);

  useLayoutEffect(() => {
    if (!wanted || asked.current) return;
    asked.current = true;
    if (!state.tab)
      reads.product().then(
        // The page's reading may have ended first; it is not overwritten.
        (found) =>
          setState((old) => (old.tab ? old : { ...old, tab: { ...found, details: NOT_READ_YET } })),
        (error: unknown) => setState((old) => ({ ...old, error })),
      );
    if (!state.pageRead)
      reads.page().then(
        (tab) => setState({ tab, pageRead: true, error: undefined }),
        (error: unknown) => setState((old) => ({ ...old, pageRead: true, error })),
      );
  }, [wanted]);
  return state;
}
