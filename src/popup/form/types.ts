import type { AddressText } from '../../shared/address-rules.ts';
import type { Draft } from '../../shared/order-form-model.ts';

/** An address typed (or pasted) for this order alone, kept in settings only if asked. */
export interface OneOffAddress {
  /** The block as pasted, split into `address` as it changes. */
  text: string;
  address: AddressText;
  save: boolean;
}

/** The popup's form: the shared order form, and a one-off address when it ships to one. */
export type PopupDraft = Draft & { oneOff?: OneOffAddress };

/** The "Ship to" choice of a one-off address (saved addresses have ids of their own). */
export const NEW_ADDRESS = '+new';

/** What every section of the order form gets: the form, and how to change it. */
export interface SectionProps {
  draft: PopupDraft;
  onChange: (draft: PopupDraft) => void;
}

/** The currency the form's amounts are in: the page's, else the storefront's. */
export function currencyOf(draft: Draft, fallback: string): string {
  return draft.items[0]?.currency ?? fallback;
}
