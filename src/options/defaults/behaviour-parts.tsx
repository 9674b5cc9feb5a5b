import { type MessageKey, t } from '../../shared/i18n.ts';
import type { Settings } from '../../shared/settings.ts';
import { CheckField } from '../../ui/fields.tsx';
import { Group } from '../../ui/section.tsx';
import { NumberField } from './number-field.tsx';
import type { DefaultsPartProps } from './types.ts';

type NotificationKind = keyof Settings['notifications'];

/** Every notification the settings know, each with its label: a new kind without one fails to compile. */
const NOTIFICATION_LABELS: Record<NotificationKind, MessageKey> = {
  placed: 'options_notifyPlaced',
  failed: 'options_notifyFailed',
  tracking: 'options_notifyTracking',
  cancellation: 'options_notifyCancellation',
  managed_waiting: 'options_notifyManagedWaiting',
};

/** The hold before an order is sent, during which the popup can undo it. */
export function HoldDefaults({ text, setText }: DefaultsPartProps) {
  return (
    <Group legend={t('options_holdLegend')}>
      <NumberField
        text={text}
        setText={setText}
        name="hold"
        label={t('options_holdLabel')}
        setting="holdSeconds"
        hint={t('options_holdHint')}
        whole
      />
    </Group>
  );
}

export function NotificationDefaults({ draft, text, change, setText }: DefaultsPartProps) {
  return (
    <Group legend={t('options_notificationsLegend')}>
      {(Object.keys(NOTIFICATION_LABELS) as NotificationKind[]).map((kind) => (
        <CheckField
          key={kind}
          label={t(NOTIFICATION_LABELS[kind])}
          checked={draft.notifications[kind]}
          onChange={(on) => change({ notifications: { ...draft.notifications, [kind]: on } })}
          problems={[`notifications.${kind}`]}
        />
      ))}
      <NumberField
        text={text}
        setText={setText}
        name="waiting"
        label={t('options_waitingLabel')}
        setting="managedWaitingMinutes"
        hint={t('options_waitingHint')}
        whole
      />
    </Group>
  );
}

/** How often Buyline asks the service about orders, and when the vault locks itself. */
export function CheckingDefaults({ text, setText }: DefaultsPartProps) {
  const part = { text, setText };
  return (
    <Group legend={t('options_checkingLegend')}>
      <div class="grid">
        <NumberField
          {...part}
          name="fast"
          label={t('options_fastLabel')}
          setting="polling.fastSeconds"
          hint={t('options_fastHint')}
          whole
        />
        <NumberField
          {...part}
          name="tracking"
          label={t('options_trackingLabel')}
          setting="polling.trackingMinutes"
          hint={t('options_trackingHint')}
          whole
        />
        <NumberField
          {...part}
          name="idle"
          label={t('options_idleLabel')}
          setting="vaultIdleLockMinutes"
          hint={t('options_idleHint')}
          whole
        />
      </div>
    </Group>
  );
}
