/**
 * A section of settings saved with its own button (order defaults, behaviour, webhooks):
 * its edits, the background's problems shown at the fields until the field changes,
 * focus on the first problem after a failed save, and the save itself, which sends only
 * the settings the section shows.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { type DefaultsTexts, defaultsPatch, defaultsTexts } from '../shared/defaults-form.ts';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { ProblemsProvider, UnplacedProblems, usePlacedCount } from '../ui/problems.tsx';
import { type DefaultsPartProps, NUMBERS } from './defaults/number-fields.tsx';
import { changedPaths, problemsOf, useFieldProblems } from './field-problems.ts';
import { amountText } from './words.ts';

type SaveState = 'clean' | 'changed' | 'saving' | 'saved';

/** The number fields as the page shows them: amounts with the browser's decimal sign. */
function textsOf(settings: Settings): DefaultsTexts {
  const shipMax =
    settings.shipping.kind === 'object' ? settings.shipping.shipping.max_price : undefined;
  return {
    ...defaultsTexts(settings),
    amount: amountText(settings.maxPriceTolerance.amountCents),
    bid: amountText(settings.managed.priorityBidCents),
    shipMax: shipMax === undefined ? '' : amountText(shipMax),
  };
}

/** "Not saved" for the problems shown at fields; the others are listed as they came. */
function SaveProblems({ state }: { state: SaveState }) {
  const placed = usePlacedCount();
  return (
    <>
      <UnplacedProblems />
      {state === 'changed' && placed > 0 && (
        <p class="error" role="alert">
          {t('options_notSavedFields')}
        </p>
      )}
    </>
  );
}

/** The section's fields (drawn by `children`), its save button and what the last save did. */
export function SettingsForm(props: {
  settings: Settings;
  /** The settings the button saves. */
  keys: readonly (keyof Settings)[];
  onSaved: (settings: Settings) => void;
  label: string;
  savedText: string;
  children: (part: DefaultsPartProps) => ComponentChildren;
}) {
  const connector = useConnector();
  const [draft, setDraft] = useState(props.settings);
  const [text, setTexts] = useState(() => textsOf(props.settings));
  const { problems, root, refuse, stale, clear } = useFieldProblems();
  const [state, setState] = useState<SaveState>('clean');

  const part: DefaultsPartProps = {
    draft,
    text,
    change: (next) => {
      stale(changedPaths(draft, { ...draft, ...next }));
      setDraft({ ...draft, ...next });
      setState('changed');
    },
    setText: (key, value) => {
      stale([NUMBERS[key].setting]);
      setTexts({ ...text, [key]: value });
      setState('changed');
    },
  };

  async function save() {
    setState('saving');
    const whole = defaultsPatch(draft, text);
    const patch = Object.fromEntries(
      props.keys.filter((key) => key in whole).map((key) => [key, whole[key]]),
    );
    try {
      const saved = await connector.call('settings.update', { patch });
      props.onSaved(saved);
      setDraft(saved);
      setTexts(textsOf(saved));
      clear();
      setState('saved');
    } catch (error) {
      setState('changed');
      refuse(problemsOf(error));
    }
  }

  return (
    <div ref={root}>
      <ProblemsProvider problems={problems}>
        {props.children(part)}
        <SaveProblems state={state} />
      </ProblemsProvider>
      <div class="row">
        <button type="button" class="primary" disabled={state === 'saving'} onClick={save}>
          {props.label}
        </button>
      </div>
      {state === 'saved' && <p role="status">{props.savedText}</p>}
      {state === 'changed' && problems.length === 0 && (
        <p class="hint">{t('options_unsavedHint')}</p>
      )}
    </div>
  );
}
