import { describe, expect, it } from 'vitest';
import messages from '../../../public/_locales/en/messages.json';
import { minutesAsSeconds, secondsAsMinutes } from '../../../src/ui/duration-field.tsx';

// One vocabulary: a setting the popup and Options both show (the popup's field for this
// order, Options' default for every order) has one label everywhere, and a button that
// does one thing has one name.

type Key = keyof typeof messages;
/** Each setting or action, with the message keys that name it on each page. */
const SAME: Record<string, readonly Key[]> = {
  'managed.discount': ['popup_discount', 'options_discountLabel'],
  'managed.queueTimeoutSeconds': ['popup_queueTimeout', 'options_queueTimeoutLabel'],
  'managed.primeOptout': ['popup_nonPrime', 'options_primeOptoutLabel'],
  'mode: managed': ['options_modeManagedOption', 'bulk_modeManagedAccounts'],
  'mode: own': ['options_modeOwnOption', 'bulk_modeOwn'],
  // The maximum price's own field in the popup, and the group of its defaults in Options.
  'maximum price': ['popup_maxPriceName', 'options_priceGuardLegend'],
  'test the connection': ['options_guideTest', 'options_testConnection'],
  // Options and the popup's address fields, and the bulk form that fixes a failed row.
  'address.line1': ['addressLine1', 'bulk_field_address_line1'],
};

describe('one label for one setting', () => {
  for (const [setting, keys] of Object.entries(SAME))
    it(`names ${setting} the same way on every page`, () => {
      const labels = new Set(keys.map((key) => messages[key].message));
      expect([...labels]).toHaveLength(1);
    });

  it('says no command, cipher or service field name on a buyer’s screen', () => {
    // The background's sentences and notifications reach the same screens.
    const shown = Object.entries(messages).filter(([key]) =>
      /^(popup|options|bulk|bg|notify|error)_?/.test(key),
    );
    for (const [key, entry] of shown)
      expect(entry.message, key).not.toMatch(
        /npm run|AES|PBKDF2|idempotency|request id|client notes|merchant (order|id)|price guard|tolerance|opt-out|addax/i,
      );
    // One verb for stopping an order: "Cancel order", whatever its stage.
    for (const [key, entry] of shown) expect(entry.message, key).not.toMatch(/\bundo|\babort/i);
  });
});

describe('durations in the unit a person uses', () => {
  it('shows seconds as minutes at the field, and sends minutes as seconds', () => {
    expect(secondsAsMinutes('14400')).toBe('240');
    expect(secondsAsMinutes('90')).toBe('1.5');
    expect(minutesAsSeconds('240')).toBe('14400');
    expect(minutesAsSeconds('1,5')).toBe('90');
    // Text that is not a number is sent as typed, for the check to name.
    expect(minutesAsSeconds('soon')).toBe('soon');
    expect(secondsAsMinutes('soon')).toBe('soon');
  });
});
