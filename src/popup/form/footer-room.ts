import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/**
 * Keeps what the buyer moves to in the order form clear of its sticky footer (the
 * summary and Place order): the page's scroll padding is the footer's height, measured
 * as the summary's words and the popup's width change it, and a control that takes the
 * focus under the footer anyway (Chromium leaves a control it counts as in view where
 * it is) is scrolled up above it.
 */
export function useFooterRoom(inside: RefObject<HTMLElement>): void {
  useLayoutEffect(() => {
    const form = inside.current?.closest('form');
    const footer = form?.querySelector('footer.act');
    if (!form || !footer) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty('--act-room', `${Math.ceil(footer.getBoundingClientRect().height)}px`);
    const clear = (event: FocusEvent) => {
      const target = event.target as Element | null;
      if (!target || footer.contains(target)) return;
      measure();
      const under = target.getBoundingClientRect().bottom - footer.getBoundingClientRect().top;
      // A little room past the edge, so the focus ring shows too.
      if (under > 0) window.scrollBy({ top: under + 8, behavior: 'instant' });
    };
    form.addEventListener('focusin', clear);
    // The observer measures once the footer is laid out, and again as it changes: a
    // measure now would force a layout of the whole popup in the middle of its first render.
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (observer) observer.observe(footer);
    else measure();
    return () => {
      form.removeEventListener('focusin', clear);
      observer?.disconnect();
      root.style.removeProperty('--act-room');
    };
  }, []);
}
