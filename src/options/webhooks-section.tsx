import { WEBHOOK_KEYS } from '../api/contract-constants.ts';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { TextField } from '../ui/fields.tsx';
import { ProblemsProvider } from '../ui/problems.tsx';
import { PageSection } from '../ui/section.tsx';
import { SaveBar, SaveProblems, useSectionForm } from './section-form.tsx';
import { webhookLabel } from './words.ts';

const KEYS = ['webhooks'] as const satisfies readonly (keyof Settings)[];

/** Addresses of the user's own that the service also calls about each order. */
export function WebhooksSection(props: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const form = useSectionForm({ settings: props.settings, keys: KEYS, onSaved: props.onSaved });
  const { draft, change } = form.part;
  return (
    <PageSection id="webhooks" title={t('options_webhooksTitle')}>
      <p class="hint">{t('options_webhooksIntro')}</p>
      <div ref={form.root}>
        <ProblemsProvider problems={form.problems}>
          {WEBHOOK_KEYS.map((key) => (
            <TextField
              key={key}
              label={webhookLabel(key)}
              type="url"
              value={draft.webhooks[key] ?? ''}
              onInput={(url) => change({ webhooks: { ...draft.webhooks, [key]: url } })}
              problems={[`webhooks.${key}`]}
              hint={t('options_optional')}
            />
          ))}
          <SaveProblems state={form.state} />
        </ProblemsProvider>
        <SaveBar
          state={form.state}
          problems={form.problems}
          save={form.save}
          label={t('options_saveWebhooks')}
          savedText={t('options_webhooksSaved')}
        />
      </div>
    </PageSection>
  );
}
