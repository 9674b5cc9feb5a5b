import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { ProblemsProvider } from '../ui/problems.tsx';
import { PageSection } from '../ui/section.tsx';
import {
  CheckingDefaults,
  HoldDefaults,
  NotificationDefaults,
} from './defaults/behaviour-parts.tsx';
import { SaveBar, SaveProblems, useSectionForm } from './section-form.tsx';

const KEYS = [
  'holdSeconds',
  'notifications',
  'managedWaitingMinutes',
  'polling',
  'vaultIdleLockMinutes',
] as const satisfies readonly (keyof Settings)[];

/** How Buyline behaves around orders: the hold before sending, notifications, checks, the vault lock. */
export function BehaviourSection(props: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const form = useSectionForm({ settings: props.settings, keys: KEYS, onSaved: props.onSaved });
  return (
    <PageSection id="behaviour" title={t('options_behaviourTitle')}>
      <div ref={form.root}>
        <ProblemsProvider problems={form.problems}>
          <HoldDefaults {...form.part} />
          <NotificationDefaults {...form.part} />
          <CheckingDefaults {...form.part} />
          <SaveProblems state={form.state} />
        </ProblemsProvider>
        <SaveBar
          state={form.state}
          problems={form.problems}
          save={form.save}
          label={t('options_saveBehaviour')}
          savedText={t('options_behaviourSaved')}
        />
      </div>
    </PageSection>
  );
}
