/**
 * A section of settings saved with its own button (order defaults, behaviour, webhooks):
 * its edits, the background's problems shown at the fields until the field changes,
 * focus on the first problem after a failed save, and the save itself, which sends only
 * the settings the section shows.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { type DefaultsTexts, defaultsPatch, defaultsTexts } from '../shared/defaults-form.ts';
import { t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { UnplacedProblems, usePlacedCount } from '../ui/problems.tsx';
import type { DefaultsPartProps } from './defaults/types.ts';
import { focusFirstProblem } from './focus.ts';
import { amountText } from './locale-format.ts';
import { changedPaths, withoutProblemsAt } from './stale-problems.ts';

export type SaveState = 'clean' | 'changed' | 'saving' | 'saved';

/** The setting each number field fills, whose problems it shows. */
const TEXT_SETTINGS: Record<keyof DefaultsTexts, string> = {
  percent: 'maxPriceTolerance.percent',
  amount: 'maxPriceTolerance.amountCents',
  discount: 'managed.discount',
  timeout: 'managed.queueTimeoutSeconds',
  bid: 'managed.priorityBidCents',
  waiting: 'managedWaitingMinutes',
  fast: 'polling.fastSeconds',
  tracking: 'polling.trackingMinutes',
  idle: 'vaultIdleLockMinutes',
  maxDays: 'shipping.shipping.max_days',
  shipMax: 'shipping.shipping.max_price',
  hold: 'holdSeconds',
};

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

/** The part of the settings patch that belongs to a section. */
export function patchPart(
  draft: Settings,
  text: DefaultsTexts,
  keys: readonly (keyof Settings)[],
): Record<string, unknown> {
  const whole = defaultsPatch(draft, text);
  return Object.fromEntries(keys.filter((key) => key in whole).map((key) => [key, whole[key]]));
}

export function useSectionForm(props: {
  settings: Settings;
  keys: readonly (keyof Settings)[];
  onSaved: (settings: Settings) => void;
}) {
  const connector = useConnector();
  const [draft, setDraft] = useState(props.settings);
  const [text, setTexts] = useState(() => textsOf(props.settings));
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [state, setState] = useState<SaveState>('clean');
  const [failures, setFailures] = useState(0);
  const root = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (failures > 0) focusFirstProblem(root.current);
  }, [failures]);

  const part: DefaultsPartProps = {
    draft,
    text,
    change: (next) => {
      const changed = changedPaths(draft, { ...draft, ...next });
      setProblems((old) => withoutProblemsAt(old, changed));
      setDraft({ ...draft, ...next });
      setState('changed');
    },
    setText: (key, value) => {
      setProblems((old) => withoutProblemsAt(old, [TEXT_SETTINGS[key]]));
      setTexts({ ...text, [key]: value });
      setState('changed');
    },
  };

  async function save() {
    setState('saving');
    try {
      const saved = await connector.call('settings.update', {
        patch: patchPart(draft, text, props.keys),
      });
      props.onSaved(saved);
      setDraft(saved);
      setTexts(textsOf(saved));
      setProblems([]);
      setState('saved');
    } catch (error) {
      const failure = failureOf(error);
      setProblems(
        failure.problems.length > 0 ? failure.problems : [{ field: '', message: failure.message }],
      );
      setState('changed');
      setFailures((count) => count + 1);
    }
  }

  return { part, problems, state, save, root };
}

/** "Not saved" for the problems shown at fields; the others are listed as they came. */
export function SaveProblems({ state }: { state: SaveState }) {
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

/** The section's save button and what the last save did. */
export function SaveBar(props: {
  state: SaveState;
  problems: readonly FieldProblem[];
  save: () => void;
  label: string;
  savedText: string;
}) {
  return (
    <>
      <div class="row">
        <button
          type="button"
          class="primary"
          disabled={props.state === 'saving'}
          onClick={props.save}
        >
          {props.label}
        </button>
      </div>
      {props.state === 'saved' && <p role="status">{props.savedText}</p>}
      {props.state === 'changed' && props.problems.length === 0 && (
        <p class="hint">{t('options_unsavedHint')}</p>
      )}
    </>
  );
}
