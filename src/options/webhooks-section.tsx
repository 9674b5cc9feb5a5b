import { WEBHOOK_KEYS } from '../api/contract-constants.ts';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { TextField } from '../ui/fields.tsx';
import { PageSection } from '../ui/section.tsx';
import { SettingsForm } from './section-form.tsx';
import { webhookLabel } from './words.ts';

/** Addresses of the user's own that the service also calls about each order. */
export function WebhooksSection(props: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  return (
    <PageSection id="webhooks" title={t('options_webhooksTitle')}>
      <p class="hint">{t('options_webhooksIntro')}</p>
      <SettingsForm
        {...props}
        keys={['webhooks']}
        label={t('options_saveWebhooks')}
        savedText={t('options_webhooksSaved')}
      >
        {({ draft, change }) =>
          WEBHOOK_KEYS.map((key) => (
            <TextField
              key={key}
              label={webhookLabel(key)}
              type="url"
              value={draft.webhooks[key] ?? ''}
              onInput={(url) => change({ webhooks: { ...draft.webhooks, [key]: url } })}
              problems={[`webhooks.${key}`]}
              hint={t('options_optional')}
            />
          ))
        }
      </SettingsForm>
    </PageSection>
  );
}
