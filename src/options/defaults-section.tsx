import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { type DefaultsTexts, defaultsPatch, defaultsTexts } from '../shared/defaults-form.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { SelectField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems, usePlacedCount } from '../ui/problems.tsx';
import { PageSection } from '../ui/section.tsx';
import { AddressesEditor } from './addresses-editor.tsx';
import { ManagedDefaults } from './defaults/managed-defaults.tsx';
import { HoldDefaults, NotificationDefaults } from './defaults/notification-defaults.tsx';
import { GiftDefaults, PriceGuardDefaults } from './defaults/price-and-gift-defaults.tsx';
import { ShippingDefaults } from './defaults/shipping-defaults.tsx';
import { WebhookDefaults } from './defaults/webhook-defaults.tsx';
import { SellerCriteriaDefaults } from './seller-criteria-defaults.tsx';

type SaveState = 'clean' | 'changed' | 'saving' | 'saved';

/** "Not saved" for the problems shown at fields; the others are listed as they came. */
function SaveProblems({ state }: { state: SaveState }) {
  const placed = usePlacedCount();
  return (
    <>
      <UnplacedProblems />
      {state === 'changed' && placed > 0 && (
        <p class="error" role="alert">
          Not saved: correct the fields marked above.
        </p>
      )}
    </>
  );
}

/** Everything a new order starts from, and how Buyline follows orders. */
export function DefaultsSection(props: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const connector = useConnector();
  const [draft, setDraft] = useState(props.settings);
  const [text, setTexts] = useState(defaultsTexts(props.settings));
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [state, setState] = useState<SaveState>('clean');

  const part = {
    draft,
    text,
    change: (next: Partial<Settings>) => {
      setDraft({ ...draft, ...next });
      setState('changed');
    },
    setText: (key: keyof DefaultsTexts, value: string) => {
      setTexts({ ...text, [key]: value });
      setState('changed');
    },
  };

  async function save() {
    setState('saving');
    try {
      const saved = await connector.call('settings.update', { patch: defaultsPatch(draft, text) });
      props.onSaved(saved);
      setDraft(saved);
      setTexts(defaultsTexts(saved));
      setProblems([]);
      setState('saved');
    } catch (error) {
      const failure = failureOf(error);
      setProblems(
        failure.problems.length > 0 ? failure.problems : [{ field: '', message: failure.message }],
      );
      setState('changed');
    }
  }

  return (
    <PageSection id="defaults" title="Order defaults">
      <p class="hint">
        Every new order in the popup starts from these; each order can change them.
      </p>
      <ProblemsProvider problems={problems}>
        <AddressesEditor
          addresses={draft.addresses}
          defaultId={draft.defaultAddressId}
          onChange={(addresses, defaultAddressId) => part.change({ addresses, defaultAddressId })}
        />
        <SelectField
          label="Ordering mode"
          value={draft.mode}
          options={[
            ['managed', 'Managed accounts: the service orders (amazon, amazon_uk)'],
            ['own', 'My own retailer account: logins and cards from the vault'],
          ]}
          onChange={(mode) => part.change({ mode })}
          problems={['mode']}
        />
        <SellerCriteriaDefaults value={draft} onChange={part.change} />
        <ShippingDefaults {...part} />
        <PriceGuardDefaults {...part} />
        <GiftDefaults {...part} />
        <ManagedDefaults {...part} />
        <WebhookDefaults {...part} />
        <HoldDefaults {...part} />
        <NotificationDefaults {...part} />
        <SaveProblems state={state} />
      </ProblemsProvider>
      <div class="row">
        <button type="button" class="primary" disabled={state === 'saving'} onClick={save}>
          Save defaults
        </button>
      </div>
      {state === 'saved' && <p role="status">Defaults saved.</p>}
      {state === 'changed' && problems.length === 0 && (
        <p class="hint">Changes are kept once you save the defaults.</p>
      )}
    </PageSection>
  );
}
