import { GIFT_MESSAGE_MAX_CHARS, GIFT_MESSAGE_MAX_LINES } from '../../api/contract-constants.ts';
import { CheckField, TextField } from '../../ui/fields.tsx';
import { Group } from '../../ui/section.tsx';
import { NumberField } from './number-field.tsx';
import type { DefaultsPartProps } from './types.ts';

/** The max_price guard's tolerance over the page price. */
export function PriceGuardDefaults({ text, setText }: DefaultsPartProps) {
  return (
    <Group legend="Price guard">
      <p class="hint">
        Each order’s maximum price starts at the page price times the quantity, plus these.
      </p>
      <div class="grid">
        <NumberField
          text={text}
          setText={setText}
          name="percent"
          label="Max price tolerance (%)"
          setting="maxPriceTolerance.percent"
        />
        <NumberField
          text={text}
          setText={setText}
          name="amount"
          label="Max price tolerance (amount)"
          setting="maxPriceTolerance.amountCents"
        />
      </div>
    </Group>
  );
}

export function GiftDefaults({ draft, change }: DefaultsPartProps) {
  return (
    <Group legend="Gifts">
      <CheckField
        label="Send orders as gifts"
        checked={draft.gift.isGift}
        onChange={(isGift) => change({ gift: { ...draft.gift, isGift } })}
        problems={['gift.isGift']}
      />
      <TextField
        label="Default gift message"
        multiline
        value={draft.gift.message}
        onInput={(message) => change({ gift: { ...draft.gift, message } })}
        problems={['gift.message']}
        hint={`At most ${GIFT_MESSAGE_MAX_CHARS} characters or ${GIFT_MESSAGE_MAX_LINES} lines.`}
      />
    </Group>
  );
}
