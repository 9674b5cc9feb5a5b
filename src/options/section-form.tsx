/**
 * A section of settings saved with its own button (connection, order defaults, behaviour,
 * webhooks), which sends only the settings the section shows.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { MANAGED_DISCOUNT_MAX, MANAGED_DISCOUNT_MIN } from '../api/contract-constants.ts';
import type { FieldProblem } from '../api/problems.ts';
import { type DefaultsTexts, defaultsPatch, defaultsTexts } from '../shared/defaults-form.ts';
import { numberOrText } from '../shared/form-values.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { MinutesField } from '../ui/duration-field.tsx';
import { Alerts } from '../ui/error-text.tsx';
import { TextField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems, usePlacedCount } from '../ui/problems.tsx';
import { PageSection } from '../ui/section.tsx';
import { changedPaths, problemsOf, useFieldProblems } from './field-problems.ts';
import { amountText } from './words.ts';

/** The number fields, as typed. */
type Texts = DefaultsTexts & { requestTimeout: string };

/** What a section of settings (or a part saved at once) is given. */
export type SectionProps = { settings: Settings; onSaved: (settings: Settings) => void };

/** What each part of a settings form gets: the settings being edited and its number texts. */
export interface SettingsPart {
  draft: Settings;
  text: Texts;
  change: (next: Partial<Settings>) => void;
  setText: (key: keyof Texts, value: string) => void;
}

/** A number field: the setting it fills (whose problems it shows), its label and hint. */
type NumberSpec = readonly [setting: string, label: MessageKey, hint: MessageKey | (() => string)];

/** Numbers with decimals; the others are whole, and the keyboard offers digits only. */
const DECIMAL: readonly string[] = ['percent', 'amount', 'discount', 'bid', 'shipMax'];

/** Every number of the settings forms, typed as text. */
const NUMBERS: Record<keyof Texts, NumberSpec> = {
  requestTimeout: ['requestTimeoutSeconds', 'options_timeoutLabel', 'options_timeoutHint'],
  percent: [
    'maxPriceTolerance.percent',
    'options_tolerancePercentLabel',
    'options_tolerancePercentHint',
  ],
  amount: [
    'maxPriceTolerance.amountCents',
    'options_toleranceAmountLabel',
    () => t('options_amountHint', amountText(500)),
  ],
  discount: [
    'managed.discount',
    'options_discountLabel',
    () => t('options_discountHint', MANAGED_DISCOUNT_MIN, MANAGED_DISCOUNT_MAX),
  ],
  timeout: ['managed.queueTimeoutSeconds', 'options_queueTimeoutLabel', 'options_queueTimeoutHint'],
  bid: [
    'managed.priorityBidCents',
    'options_bidLabel',
    () => t('options_amountHint', amountText(150)),
  ],
  waiting: ['managedWaitingMinutes', 'options_waitingLabel', 'options_waitingHint'],
  fast: ['polling.fastSeconds', 'options_fastLabel', 'options_fastHint'],
  tracking: ['polling.trackingMinutes', 'options_trackingLabel', 'options_trackingHint'],
  idle: ['vaultIdleLockMinutes', 'options_idleLabel', 'options_idleHint'],
  maxDays: ['shipping.shipping.max_days', 'options_maxDaysLabel', 'options_optional'],
  shipMax: [
    'shipping.shipping.max_price',
    'options_shipMaxLabel',
    () => t('options_optionalAmount', amountText(750)),
  ],
  hold: ['holdSeconds', 'options_holdLabel', 'options_holdHint'],
};

const hintOf = (hint: NumberSpec[2]) => (typeof hint === 'string' ? t(hint) : hint());

/** Numbers of the settings, typed as text. */
export const numberFields = (part: SettingsPart, names: readonly (keyof Texts)[]) =>
  names.map((name) =>
    name === 'timeout' ? (
      // The queue's wait, typed in minutes; the service counts seconds.
      <MinutesField
        key={name}
        label={t(NUMBERS[name][1])}
        seconds={part.text[name]}
        onInput={(value) => part.setText(name, value)}
        problems={[NUMBERS[name][0]]}
        hint={hintOf(NUMBERS[name][2])}
      />
    ) : (
      <TextField
        key={name}
        label={t(NUMBERS[name][1])}
        inputMode={DECIMAL.includes(name) ? 'decimal' : 'numeric'}
        value={part.text[name]}
        onInput={(value) => part.setText(name, value)}
        problems={[NUMBERS[name][0]]}
        hint={hintOf(NUMBERS[name][2])}
      />
    ),
  );

type SaveState = 'clean' | 'changed' | 'saving' | 'saved';

/** Each settings form's title, save button and what it says once saved. */
const WORDS = {
  connection: ['options_connectionTitle', 'options_saveConnection', 'options_connectionSaved'],
  defaults: ['options_defaultsTitle', 'options_saveDefaults', 'options_defaultsSaved'],
  behaviour: ['options_behaviourTitle', 'options_saveBehaviour', 'options_behaviourSaved'],
  webhooks: ['options_webhooksTitle', 'options_saveWebhooks', 'options_webhooksSaved'],
} as const satisfies Record<string, readonly [MessageKey, MessageKey, MessageKey]>;

/** The number fields as the page shows them: amounts with the browser's decimal sign. */
function textsOf(settings: Settings): Texts {
  const shipMax =
    settings.shipping.kind === 'object' ? settings.shipping.shipping.max_price : undefined;
  return {
    ...defaultsTexts(settings),
    amount: amountText(settings.maxPriceTolerance.amountCents),
    bid: amountText(settings.managed.priorityBidCents),
    shipMax: shipMax === undefined ? '' : amountText(shipMax),
    requestTimeout: String(settings.requestTimeoutSeconds),
  };
}

/** "Not saved" for the problems shown at fields; the others are listed as they came. */
function SaveProblems({ state }: { state: SaveState }) {
  const placed = usePlacedCount();
  return (
    <>
      <UnplacedProblems />
      {state === 'changed' && placed > 0 && <Alerts lines={[t('options_notSavedFields')]} />}
    </>
  );
}

/** The section, `head` (saved on its own), the fields `children` draw, and its save button. */
export function SettingsForm(props: {
  id: keyof typeof WORDS;
  intro?: string;
  head?: ComponentChildren;
  /** Shown after the form. */
  after?: ComponentChildren;
  /** Checks (and may clean up) the patch in the click itself; answers what keeps it unsaved. */
  prepare?: (patch: Record<string, unknown>) => Promise<FieldProblem[]>;
  settings: Settings;
  /** The settings the button saves. */
  keys: readonly (keyof Settings)[];
  onSaved: (settings: Settings) => void;
  children: (part: SettingsPart) => ComponentChildren;
}) {
  const connector = useConnector();
  const [draft, setDraft] = useState(props.settings);
  const [text, setTexts] = useState(() => textsOf(props.settings));
  const { problems, root, refuse, stale, clear } = useFieldProblems();
  const [state, setState] = useState<SaveState>('clean');
  const [title, label, savedText] = WORDS[props.id];

  const part: SettingsPart = {
    draft,
    text,
    change: (next) => {
      stale(changedPaths(draft, { ...draft, ...next }));
      setDraft({ ...draft, ...next });
      setState('changed');
    },
    setText: (key, value) => {
      stale([NUMBERS[key][0]]);
      setTexts({ ...text, [key]: value });
      setState('changed');
    },
  };

  async function save() {
    setState('saving');
    const requestTimeoutSeconds = numberOrText(text.requestTimeout) ?? '';
    const whole = { ...draft, ...defaultsPatch(draft, text), requestTimeoutSeconds };
    const patch = Object.fromEntries(props.keys.map((key) => [key, whole[key]]));
    try {
      const refused = (await props.prepare?.(patch)) ?? [];
      if (refused.length > 0) throw refused;
      const saved = await connector.call('settings.update', { patch });
      props.onSaved(saved);
      setDraft(saved);
      setTexts(textsOf(saved));
      clear();
      setState('saved');
    } catch (error) {
      setState('changed');
      refuse(Array.isArray(error) ? error : problemsOf(error));
    }
  }

  return (
    <PageSection id={props.id} title={t(title)}>
      {props.intro && <p class="hint">{props.intro}</p>}
      {props.head}
      <div ref={root}>
        <ProblemsProvider problems={problems}>
          {props.children(part)}
          <SaveProblems state={state} />
        </ProblemsProvider>
        <div class="row">
          <button type="button" class="primary" disabled={state === 'saving'} onClick={save}>
            {t(label)}
          </button>
        </div>
        {state === 'saved' && <p role="status">{t(savedText)}</p>}
        {state === 'changed' && problems.length === 0 && (
          <p class="hint">{t('options_unsavedHint')}</p>
        )}
      </div>
      {props.after}
    </PageSection>
  );
}
