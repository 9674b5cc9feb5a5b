import { MANAGED_DISCOUNT_MAX, MANAGED_DISCOUNT_MIN } from '../../api/contract-constants.ts';
import type { DefaultsTexts } from '../../shared/defaults-form.ts';
import { type MessageKey, t } from '../../shared/i18n.ts';
import type { Settings } from '../../shared/settings.ts';
import { TextField } from '../../ui/fields.tsx';
import { amountText } from '../words.ts';

/** What each part of a settings form gets: the settings being edited and its number texts. */
export interface DefaultsPartProps {
  draft: Settings;
  text: DefaultsTexts;
  change: (next: Partial<Settings>) => void;
  setText: (key: keyof DefaultsTexts, value: string) => void;
}

interface NumberSpec {
  /** The setting the field fills, whose problems it shows. */
  setting: string;
  label: MessageKey;
  hint: () => string;
  /** A whole number: the keyboard offers digits only. */
  whole?: true;
}

/** Every number of the settings forms, typed as text. */
export const NUMBERS: Record<keyof DefaultsTexts, NumberSpec> = {
  percent: {
    setting: 'maxPriceTolerance.percent',
    label: 'options_tolerancePercentLabel',
    hint: () => t('options_tolerancePercentHint'),
  },
  amount: {
    setting: 'maxPriceTolerance.amountCents',
    label: 'options_toleranceAmountLabel',
    hint: () => t('options_amountHint', amountText(500)),
  },
  discount: {
    setting: 'managed.discount',
    label: 'options_discountLabel',
    hint: () => t('options_discountHint', MANAGED_DISCOUNT_MIN, MANAGED_DISCOUNT_MAX),
  },
  timeout: {
    setting: 'managed.queueTimeoutSeconds',
    label: 'options_queueTimeoutLabel',
    hint: () => t('options_queueTimeoutHint'),
    whole: true,
  },
  bid: {
    setting: 'managed.priorityBidCents',
    label: 'options_bidLabel',
    hint: () => t('options_amountHint', amountText(150)),
  },
  waiting: {
    setting: 'managedWaitingMinutes',
    label: 'options_waitingLabel',
    hint: () => t('options_waitingHint'),
    whole: true,
  },
  fast: {
    setting: 'polling.fastSeconds',
    label: 'options_fastLabel',
    hint: () => t('options_fastHint'),
    whole: true,
  },
  tracking: {
    setting: 'polling.trackingMinutes',
    label: 'options_trackingLabel',
    hint: () => t('options_trackingHint'),
    whole: true,
  },
  idle: {
    setting: 'vaultIdleLockMinutes',
    label: 'options_idleLabel',
    hint: () => t('options_idleHint'),
    whole: true,
  },
  maxDays: {
    setting: 'shipping.shipping.max_days',
    label: 'options_maxDaysLabel',
    hint: () => t('options_optional'),
    whole: true,
  },
  shipMax: {
    setting: 'shipping.shipping.max_price',
    label: 'options_shipMaxLabel',
    hint: () => t('options_optionalAmount', amountText(750)),
  },
  hold: {
    setting: 'holdSeconds',
    label: 'options_holdLabel',
    hint: () => t('options_holdHint'),
    whole: true,
  },
};

/** Numbers of the settings, typed as text, each showing the problems of the setting it fills. */
export function NumberFields({
  names,
  text,
  setText,
}: Pick<DefaultsPartProps, 'text' | 'setText'> & { names: readonly (keyof DefaultsTexts)[] }) {
  return (
    <>
      {names.map((name) => (
        <TextField
          key={name}
          label={t(NUMBERS[name].label)}
          inputMode={NUMBERS[name].whole ? 'numeric' : 'decimal'}
          value={text[name]}
          onInput={(value) => setText(name, value)}
          problems={[NUMBERS[name].setting]}
          hint={NUMBERS[name].hint()}
        />
      ))}
    </>
  );
}
