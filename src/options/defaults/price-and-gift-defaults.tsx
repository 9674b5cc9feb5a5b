import { GIFT_MESSAGE_MAX_CHARS, GIFT_MESSAGE_MAX_LINES } from '../../api/contract-constants.ts';
import { t } from '../../shared/i18n.ts';
import { CheckField, TextField } from '../../ui/fields.tsx';
import { Group } from '../../ui/section.tsx';
import { amountText } from '../locale-format.ts';
import { NumberField } from './number-field.tsx';
import type { DefaultsPartProps } from './types.ts';

/** The max_price guard's tolerance over the page price. */
export function PriceGuardDefaults({ text, setText }: DefaultsPartProps) {
  return (
    <Group legend={t('options_priceGuardLegend')}>
      <p class="hint">{t('options_priceGuardIntro')}</p>
      <div class="grid">
        <NumberField
          text={text}
          setText={setText}
          name="percent"
          label={t('options_tolerancePercentLabel')}
          setting="maxPriceTolerance.percent"
          hint={t('options_tolerancePercentHint')}
        />
        <NumberField
          text={text}
          setText={setText}
          name="amount"
          label={t('options_toleranceAmountLabel')}
          setting="maxPriceTolerance.amountCents"
          hint={t('options_amountHint', amountText(500))}
        />
      </div>
    </Group>
  );
}

export function GiftDefaults({ draft, change }: DefaultsPartProps) {
  return (
    <Group legend={t('options_giftLegend')}>
      <CheckField
        label={t('options_giftLabel')}
        checked={draft.gift.isGift}
        onChange={(isGift) => change({ gift: { ...draft.gift, isGift } })}
        problems={['gift.isGift']}
      />
      <TextField
        label={t('options_giftMessageLabel')}
        multiline
        value={draft.gift.message}
        onInput={(message) => change({ gift: { ...draft.gift, message } })}
        problems={['gift.message']}
        hint={t('options_giftMessageHint', GIFT_MESSAGE_MAX_CHARS, GIFT_MESSAGE_MAX_LINES)}
      />
    </Group>
  );
}
