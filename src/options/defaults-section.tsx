import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { SelectField } from '../ui/fields.tsx';
import { Group, PageSection } from '../ui/section.tsx';
import { AddressesEditor } from './addresses-editor.tsx';
import {
  GiftDefaults,
  ManagedDefaults,
  PriceGuardDefaults,
  SellerCriteriaDefaults,
  ShippingDefaults,
} from './defaults/order-parts.tsx';
import { SettingsForm } from './section-form.tsx';
import { modeChoice, modeName, modeOption } from './words.ts';

type Mode = Settings['mode'];

/** The settings the "Save defaults" button saves; addresses and the mode save at once. */
const KEYS = [
  'sellerCriteria',
  'sellerCriteriaByRetailer',
  'shipping',
  'maxPriceTolerance',
  'gift',
  'managed',
] as const satisfies readonly (keyof Settings)[];

/** The ordering mode, saved as soon as it is chosen. */
function ModeChoice(props: { mode: Mode; onChoose: (mode: Mode) => Promise<void> }) {
  const [saved, setSaved] = useState<Mode | undefined>();
  const [error, setError] = useState<unknown>();
  return (
    <Group legend={t('options_modeLegend')}>
      <ul class="plain hint">
        <li>{modeChoice('managed')}</li>
        <li>{modeChoice('own')}</li>
      </ul>
      <SelectField
        label={t('options_modeLabel')}
        value={props.mode}
        options={[
          ['managed', modeOption('managed')],
          ['own', modeOption('own')],
        ]}
        onChange={async (mode) => {
          setSaved(undefined);
          setError(undefined);
          try {
            await props.onChoose(mode);
            setSaved(mode);
          } catch (failure) {
            setError(failure);
          }
        }}
        hint={t('options_modeHint')}
      />
      {saved && <p role="status">{t('options_modeSaved', modeName(saved))}</p>}
      <ErrorText error={error} />
    </Group>
  );
}

/** What every new order starts from: where it ships, how it is placed, and its limits. */
export function DefaultsSection(props: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
  /** The ordering mode chosen: saved, and the first-run guide told. */
  onChooseMode: (mode: Mode) => Promise<void>;
}) {
  return (
    <PageSection id="defaults" title={t('options_defaultsTitle')}>
      <p class="hint">{t('options_defaultsIntro')}</p>
      <AddressesEditor settings={props.settings} onSaved={props.onSaved} />
      <ModeChoice mode={props.settings.mode} onChoose={props.onChooseMode} />
      <SettingsForm
        settings={props.settings}
        keys={KEYS}
        onSaved={props.onSaved}
        label={t('options_saveDefaults')}
        savedText={t('options_defaultsSaved')}
      >
        {(part) => (
          <>
            <ShippingDefaults {...part} />
            <SellerCriteriaDefaults value={part.draft} onChange={part.change} />
            <PriceGuardDefaults {...part} />
            <GiftDefaults {...part} />
            <ManagedDefaults {...part} />
          </>
        )}
      </SettingsForm>
    </PageSection>
  );
}
