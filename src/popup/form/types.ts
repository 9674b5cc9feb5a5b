import type { Draft } from '../../shared/order-form-model.ts';

/** What every section of the order form gets: the form, and how to change it. */
export interface SectionProps {
  draft: Draft;
  onChange: (draft: Draft) => void;
}

/** The currency the form's amounts are in: the page's, else the storefront's. */
export function currencyOf(draft: Draft, fallback: string): string {
  return draft.items[0]?.currency ?? fallback;
}
