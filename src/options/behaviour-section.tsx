import { type MessageKey, t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { CheckField } from '../ui/fields.tsx';
import { Group, PageSection } from '../ui/section.tsx';
import { NumberFields } from './defaults/number-fields.tsx';
import { SettingsForm } from './section-form.tsx';

type NotificationKind = keyof Settings['notifications'];

const KEYS = [
  'holdSeconds',
  'notifications',
  'managedWaitingMinutes',
  'polling',
  'vaultIdleLockMinutes',
] as const satisfies readonly (keyof Settings)[];

/** Every notification the settings know, each with its label: a new kind without one fails to compile. */
const NOTIFICATION_LABELS: Record<NotificationKind, MessageKey> = {
  placed: 'options_notifyPlaced',
  failed: 'options_notifyFailed',
  tracking: 'options_notifyTracking',
  cancellation: 'options_notifyCancellation',
  managed_waiting: 'options_notifyManagedWaiting',
};

/**
 * How Buyline behaves around orders: the hold before sending (during which the popup can
 * undo it), notifications, how often it asks the service about orders, and when the vault
 * locks itself.
 */
export function BehaviourSection(props: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  return (
    <PageSection id="behaviour" title={t('options_behaviourTitle')}>
      <SettingsForm
        {...props}
        keys={KEYS}
        label={t('options_saveBehaviour')}
        savedText={t('options_behaviourSaved')}
      >
        {({ draft, text, change, setText }) => (
          <>
            <Group legend={t('options_holdLegend')}>
              <NumberFields text={text} setText={setText} names={['hold']} />
            </Group>
            <Group legend={t('options_notificationsLegend')}>
              {(Object.keys(NOTIFICATION_LABELS) as NotificationKind[]).map((kind) => (
                <CheckField
                  key={kind}
                  label={t(NOTIFICATION_LABELS[kind])}
                  checked={draft.notifications[kind]}
                  onChange={(on) =>
                    change({ notifications: { ...draft.notifications, [kind]: on } })
                  }
                  problems={[`notifications.${kind}`]}
                />
              ))}
              <NumberFields text={text} setText={setText} names={['waiting']} />
            </Group>
            <Group legend={t('options_checkingLegend')}>
              <div class="grid">
                <NumberFields text={text} setText={setText} names={['fast', 'tracking', 'idle']} />
              </div>
            </Group>
          </>
        )}
      </SettingsForm>
    </PageSection>
  );
}
