import type { Settings } from '../../shared/settings.ts';
import { CheckField } from '../../ui/fields.tsx';
import { Group } from '../../ui/section.tsx';
import { NumberField } from './number-field.tsx';
import type { DefaultsPartProps } from './types.ts';

type NotificationKind = keyof Settings['notifications'];

/** Every notification the settings know, each with its label: a new kind without one fails to compile. */
const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  placed: 'Notify when an order is placed',
  failed: 'Notify when an order fails',
  tracking: 'Notify when tracking arrives',
  cancellation: 'Notify about cancellations',
  managed_waiting: 'Notify when a managed order waits long',
};

export function NotificationDefaults({ draft, text, change, setText }: DefaultsPartProps) {
  const part = { text, setText };
  return (
    <Group legend="Notifications and checks">
      {(Object.keys(NOTIFICATION_LABELS) as NotificationKind[]).map((kind) => (
        <CheckField
          key={kind}
          label={NOTIFICATION_LABELS[kind]}
          checked={draft.notifications[kind]}
          onChange={(on) => change({ notifications: { ...draft.notifications, [kind]: on } })}
          problems={[`notifications.${kind}`]}
        />
      ))}
      <div class="grid">
        <NumberField
          {...part}
          name="fast"
          label="Check orders being placed every (seconds)"
          setting="polling.fastSeconds"
          hint="From 2 to 60."
          whole
        />
        <NumberField
          {...part}
          name="tracking"
          label="Check tracking every (minutes)"
          setting="polling.trackingMinutes"
          hint="From 5 to 1440."
          whole
        />
        <NumberField
          {...part}
          name="idle"
          label="Lock the vault after idle (minutes)"
          setting="vaultIdleLockMinutes"
          hint="From 1 to 1440."
          whole
        />
      </div>
    </Group>
  );
}

/** The hold before an order is sent, during which the popup can undo it. */
export function HoldDefaults({ text, setText }: DefaultsPartProps) {
  return (
    <Group legend="Before sending">
      <NumberField
        text={text}
        setText={setText}
        name="hold"
        label="Hold each order before sending (seconds)"
        setting="holdSeconds"
        hint="From 0 to 60; during the hold the popup can undo the order. 0 sends at once."
        whole
      />
    </Group>
  );
}
