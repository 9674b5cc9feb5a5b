import { MANAGED_DISCOUNT_MAX, MANAGED_DISCOUNT_MIN } from '../../api/contract-constants.ts';
import { t } from '../../shared/i18n.ts';
import { CheckField } from '../../ui/fields.tsx';
import { Group } from '../../ui/section.tsx';
import { amountText } from '../locale-format.ts';
import { NumberField } from './number-field.tsx';
import type { DefaultsPartProps } from './types.ts';

export function ManagedDefaults({ draft, text, change, setText }: DefaultsPartProps) {
  const part = { text, setText };
  return (
    <Group legend={t('options_managedLegend')}>
      <p class="hint">{t('options_managedIntro')}</p>
      <div class="grid">
        <NumberField
          {...part}
          name="discount"
          label={t('options_discountLabel')}
          setting="managed.discount"
          hint={t('options_discountHint', MANAGED_DISCOUNT_MIN, MANAGED_DISCOUNT_MAX)}
        />
        <NumberField
          {...part}
          name="timeout"
          label={t('options_queueTimeoutLabel')}
          setting="managed.queueTimeoutSeconds"
          hint={t('options_queueTimeoutHint')}
          whole
        />
        <NumberField
          {...part}
          name="bid"
          label={t('options_bidLabel')}
          setting="managed.priorityBidCents"
          hint={t('options_amountHint', amountText(150))}
        />
      </div>
      <CheckField
        label={t('options_primeOptoutLabel')}
        checked={draft.managed.primeOptout}
        onChange={(primeOptout) => change({ managed: { ...draft.managed, primeOptout } })}
        problems={['managed.primeOptout']}
      />
    </Group>
  );
}
