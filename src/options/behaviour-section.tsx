import { type MessageKey, t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { CheckField, TextField } from '../ui/fields.tsx';
import { Group } from '../ui/section.tsx';
import { WEBHOOK_FIELDS } from '../ui/webhook-labels.ts';
import { numberFields, type SectionProps, SettingsForm } from './section-form.tsx';

type NotificationKind = keyof Settings['notifications'];

/** Every notification the settings know, each with its label: a new kind without one fails to compile. */
const NOTIFICATION_LABELS: Record<NotificationKind, MessageKey> = {
  placed: 'options_notifyPlaced',
  failed: 'options_notifyFailed',
  tracking: 'options_notifyTracking',
  cancellation: 'options_notifyCancellation',
  managed_waiting: 'options_notifyManagedWaiting',
};

/** The hold before sending, notifications, how often orders are checked, the vault's lock. */
export function BehaviourSection(props: SectionProps) {
  return (
    <SettingsForm
      {...props}
      id="behaviour"
      keys={[
        'holdSeconds',
        'notifications',
        'managedWaitingMinutes',
        'polling',
        'vaultIdleLockMinutes',
      ]}
    >
      {(part) => (
        <>
          <Group legend={t('options_holdLegend')}>{numberFields(part, ['hold'])}</Group>
          <Group legend={t('options_notificationsLegend')}>
            {(Object.keys(NOTIFICATION_LABELS) as NotificationKind[]).map((kind) => (
              <CheckField
                key={kind}
                label={t(NOTIFICATION_LABELS[kind])}
                checked={part.draft.notifications[kind]}
                onChange={(on) =>
                  part.change({ notifications: { ...part.draft.notifications, [kind]: on } })
                }
                problems={[`notifications.${kind}`]}
              />
            ))}
            {numberFields(part, ['waiting'])}
          </Group>
          <Group legend={t('options_checkingLegend')}>
            <div class="grid">{numberFields(part, ['fast', 'tracking', 'idle'])}</div>
          </Group>
        </>
      )}
    </SettingsForm>
  );
}

/** Addresses of the user's own that the service also calls about each order. */
export function WebhooksSection(props: SectionProps) {
  return (
    <SettingsForm {...props} id="webhooks" intro={t('options_webhooksIntro')} keys={['webhooks']}>
      {({ draft, change }) =>
        WEBHOOK_FIELDS.map(([key, label]) => (
          <TextField
            key={key}
            label={t(label)}
            type="url"
            value={draft.webhooks[key] ?? ''}
            onInput={(url) => change({ webhooks: { ...draft.webhooks, [key]: url } })}
            problems={[`webhooks.${key}`]}
            hint={t('options_optional')}
          />
        ))
      }
    </SettingsForm>
  );
}
