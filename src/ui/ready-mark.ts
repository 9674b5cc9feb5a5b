import { useLayoutEffect } from 'preact/hooks';

const READY_MARK = 'buyline:ready';

/**
 * Marks the first render a user can act on, once per page, as a performance mark
 * (its time counts from navigation start). `npm run bench` reads it inside the page.
 */
export function useReadyMark(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready && performance.getEntriesByName(READY_MARK).length === 0)
      performance.mark(READY_MARK);
  }, [ready]);
}
