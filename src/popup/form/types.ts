import { RETAILERS } from '../../api/retailers.ts';
import type { AddressText } from '../../shared/address-rules.ts';
import type { Draft } from '../../shared/order-form-model.ts';

/**
 * The popup's form: the shared order form, and an address for this order alone when it
 * ships to one: the block as pasted, split into `address`, saved in settings if asked.
 */
export type PopupDraft = Draft & { oneOff?: { text: string; address: AddressText; save: boolean } };

/** The "Ship to" choice of a one-off address (saved addresses have ids of their own). */
export const NEW_ADDRESS = '+new';

export interface SectionProps {
  draft: PopupDraft;
  onChange: (draft: PopupDraft) => void;
}

/** The currency the form's amounts are in: the page's, else the storefront's. */
export const currencyOf = (draft: Draft) =>
  draft.items[0]?.currency ?? (draft.retailer ? RETAILERS[draft.retailer].currency : 'USD');
