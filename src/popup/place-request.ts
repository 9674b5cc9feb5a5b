/**
 * The request the order form sends, and whether the background would take it as the form
 * stands. The background's check is the only one: it is asked as the form changes, so
 * Place order can look unavailable while a required field is missing or invalid, and a
 * click still asks it and shows why at each field.
 */
import { useEffect, useState } from 'preact/hooks';
import { parseMoney } from '../shared/money.ts';
import { requestFromForm } from '../shared/order-request-from-form.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { NEW_ADDRESS, type PopupDraft } from './form/types.ts';

/** The address fields typed, without the empty ones, for the background to check. */
const typed = (address: Record<string, string | undefined> = {}) =>
  Object.fromEntries(Object.entries(address).filter(([, value]) => value?.trim()));

/** The form as the background is sent it, with an address typed for this order alone. */
export function placeRequestOf(draft: PopupDraft, settings: Settings) {
  const { request, secrets } = requestFromForm(draft, settings);
  const oneOff = draft.addressId === NEW_ADDRESS ? typed(draft.oneOff?.address) : undefined;
  if (oneOff) request.shipping_address = oneOff;
  // A negative amount is sent as one, so the background's check says what is wrong.
  const negative = parseMoney(draft.maxPrice.trim().replace(/^-\s*/, ''));
  if (/^\s*-/.test(draft.maxPrice) && negative) request.max_price = -negative;
  return { request, secrets, oneOff };
}

/**
 * Whether the background would refuse the form as it stands. Each change asks once; an
 * answer to an older form is dropped, and a check that could not be made refuses nothing.
 */
export function useRefused(draft: PopupDraft | undefined, settings: Settings): boolean {
  const connector = useConnector();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!draft) return;
    let current = true;
    const { request, secrets } = placeRequestOf(draft, settings);
    connector
      .call('order.check', { request, ...(secrets ? { secrets } : {}) })
      .then(({ problems }) => current && setRefused(problems.length > 0))
      .catch(() => current && setRefused(false));
    return () => {
      current = false;
    };
  }, [connector, draft, settings]);
  return refused;
}
