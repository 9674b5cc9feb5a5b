import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type MessageKey, t } from '../shared/i18n.ts';
import type { TokenStatus } from '../shared/protocol.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { serviceAddressField } from './connection-section.tsx';
import { focusOn } from './field-problems.ts';
import { modeName } from './words.ts';

type GuideStep = 'connection' | 'address' | 'mode';
const GUIDE_STEPS: readonly GuideStep[] = ['connection', 'address', 'mode'];

type StepState = 'done' | 'next' | 'later';

/** Whether each step is done, all read from what Buyline holds. */
export function stepsDone(facts: {
  settings: Pick<Settings, 'addresses'>;
  token: TokenStatus | undefined;
}): Record<GuideStep, boolean> {
  return {
    connection: facts.token?.set === true && facts.token.check?.result === 'connected',
    address: facts.settings.addresses.length > 0,
    // The settings always hold a mode, which Order defaults shows: the guide only says which.
    mode: true,
  };
}

/** Each step as done, the next one to do, or one for later, in the guide's order. */
export function stepStates(done: Record<GuideStep, boolean>): Record<GuideStep, StepState> {
  const next = GUIDE_STEPS.find((step) => !done[step]);
  return Object.fromEntries(
    GUIDE_STEPS.map((step) => [step, done[step] ? 'done' : step === next ? 'next' : 'later']),
  ) as Record<GuideStep, StepState>;
}

const TITLES: Record<GuideStep, MessageKey> = {
  connection: 'options_guideConnectionTitle',
  address: 'options_guideAddressTitle',
  mode: 'options_guideModeTitle',
};
const STATE_WORDS: Record<StepState, MessageKey> = {
  done: 'options_guideDone',
  next: 'options_guideNext',
  later: 'options_guideLater',
};

function connectionText(state: StepState, settings: Settings, token: TokenStatus | undefined) {
  if (state === 'done')
    return token?.demo
      ? t('options_guideConnectionDoneDemo')
      : t('options_guideConnectionDone', settings.serviceUrl);
  if (!token?.set) return t('options_guideConnectionNoToken');
  if (token.check && token.check.result !== 'connected')
    return t('options_guideConnectionFailed', token.check.message);
  return token.demo
    ? t('options_guideConnectionDemo')
    : t('options_guideConnectionTest', settings.serviceUrl);
}

function addressText(state: StepState, settings: Settings) {
  if (state !== 'done')
    return t(state === 'next' ? 'options_guideAddressNext' : 'options_guideAddressLater');
  const chosen =
    settings.addresses.find((entry) => entry.id === settings.defaultAddressId) ??
    settings.addresses[0];
  return chosen
    ? t('options_guideAddressDone', chosen.label, chosen.address.address_line1, chosen.address.city)
    : '';
}

/** The first-run guide, shown until all steps are done; focus follows to the next step's action. */
export function FirstRunGuide(props: { settings: Settings; token: TokenStatus | undefined }) {
  const connector = useConnector();
  const [testing, setTesting] = useState(false);
  const [error, setError] = useState<unknown>();
  const done = stepsDone(props);
  const states = stepStates(done);
  const allDone = GUIDE_STEPS.every((step) => done[step]);
  // The page renders the guide once it knows the settings and the token's status, so
  // what is done at first is what was done before the page opened.
  const before = useRef(done);
  const [shown] = useState(!allDone);
  const root = useRef<HTMLElement>(null);

  useEffect(() => {
    const previous = before.current;
    before.current = done;
    if (!GUIDE_STEPS.some((step) => done[step] && !previous[step])) return;
    // After the view that acted has placed focus in this same update.
    const timer = setTimeout(() =>
      focusOn(root.current?.querySelector('.step-next button, .guide-finished')),
    );
    return () => clearTimeout(timer);
  }, [done.connection, done.address, done.mode]);

  if (!shown) return null;

  async function test() {
    setTesting(true);
    setError(undefined);
    // The answer comes back as the token's status, which the page reads again.
    await connector.call('token.test', {}).catch(setError);
    setTesting(false);
  }

  const sentence: Record<GuideStep, string> = {
    connection: connectionText(states.connection, props.settings, props.token),
    address: addressText(states.address, props.settings),
    mode: t('options_guideModeDone', modeName(props.settings.mode)),
  };
  const actions: Partial<Record<GuideStep, ComponentChildren>> = {
    connection: (
      <>
        {props.token?.set && (
          <button type="button" class="primary" disabled={testing} onClick={test}>
            {t('options_guideTest')}
          </button>
        )}
        <button type="button" onClick={() => focusOn(serviceAddressField())}>
          {t('options_guideGoToConnection')}
        </button>
        {testing && <span role="status">{t('options_testing')}</span>}
      </>
    ),
    address: (
      <button
        type="button"
        class="primary"
        onClick={() => focusOn(document.getElementById('address-form'))}
      >
        {t('options_guideAddAddress')}
      </button>
    ),
  };

  return (
    <section aria-labelledby="guide-heading" class="guide" ref={root}>
      <h2 id="guide-heading">{t('options_guideTitle')}</h2>
      {allDone ? (
        <p class="guide-finished ok" role="status">
          {t('options_guideFinished')}
        </p>
      ) : (
        <>
          <p class="hint">{t('options_guideIntro')}</p>
          <ol class="steps">
            {GUIDE_STEPS.map((step) => (
              <li key={step} class={`step step-${states[step]}`}>
                <strong>{t(TITLES[step])}</strong>
                <p>
                  <span class="step-state">{t(STATE_WORDS[states[step]])}</span> {sentence[step]}
                </p>
                {states[step] === 'next' && actions[step] && <div class="row">{actions[step]}</div>}
              </li>
            ))}
          </ol>
          <ErrorText error={error} />
        </>
      )}
    </section>
  );
}
