import { MANAGED_DISCOUNT_MAX, MANAGED_DISCOUNT_MIN } from '../../api/contract-constants.ts';
import { CheckField } from '../../ui/fields.tsx';
import { Group } from '../../ui/section.tsx';
import { NumberField } from './number-field.tsx';
import type { DefaultsPartProps } from './types.ts';

export function ManagedDefaults({ draft, text, change, setText }: DefaultsPartProps) {
  const part = { text, setText };
  return (
    <Group legend="Managed orders">
      <div class="grid">
        <NumberField
          {...part}
          name="discount"
          label="Managed discount (%)"
          setting="managed.discount"
          hint={`From ${MANAGED_DISCOUNT_MIN} to ${MANAGED_DISCOUNT_MAX}: lower is served first.`}
        />
        <NumberField
          {...part}
          name="timeout"
          label="Queue timeout (seconds)"
          setting="managed.queueTimeoutSeconds"
          hint="The service’s default is 14400 (4 hours)."
          whole
        />
        <NumberField
          {...part}
          name="bid"
          label="Priority bid"
          setting="managed.priorityBidCents"
          hint="An amount, such as 1.50."
        />
        <NumberField
          {...part}
          name="waiting"
          label="Waiting is long after (minutes)"
          setting="managedWaitingMinutes"
          whole
        />
      </div>
      <CheckField
        label="Non-prime account (prime opt-out)"
        checked={draft.managed.primeOptout}
        onChange={(primeOptout) => change({ managed: { ...draft.managed, primeOptout } })}
        problems={['managed.primeOptout']}
      />
    </Group>
  );
}
