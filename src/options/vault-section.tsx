import { useRef, useState } from 'preact/hooks';
import { type MessageKey, t } from '../shared/i18n.ts';
import type { VaultLabel, VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { failureOf } from '../ui/failure.ts';
import { TextField } from '../ui/fields.tsx';
import { PageSection } from '../ui/section.tsx';
import { useBackground } from '../ui/use-background.ts';
import { useFocusLater } from './field-problems.ts';
import { AskFirst } from './question.tsx';
import { VaultItemForm } from './vault-item-form.tsx';
import { timeText } from './words.ts';

/**
 * A rough strength hint for a new vault passphrase: the bits an attacker must guess
 * (character pool and length, or a count of words) minus obvious patterns. Only the
 * minimum length is enforced.
 */
const MIN_PASSPHRASE_LENGTH = 10;

/** Words guessed first. */
const COMMON =
  /password|passphrase|qwerty|azerty|letmein|welcome|iloveyou|admin|monkey|dragon|buyline|amazon|walmart/i;

/** The character pools a text may draw from, and their sizes. */
const POOLS: [RegExp, number][] = [
  [/[a-z]/, 26],
  [/[A-Z]/, 26],
  [/\d/, 10],
  [/[^a-zA-Z\d]/, 33],
];

export function passphraseStrength(text: string): {
  level: 'too short' | 'weak' | 'fair' | 'strong';
  hint: string;
} {
  // Nothing typed yet: what a passphrase needs rather than how this one rates.
  if (text === '')
    return { level: 'too short', hint: t('options_passphraseHint', MIN_PASSPHRASE_LENGTH) };
  if (text.length < MIN_PASSPHRASE_LENGTH)
    return { level: 'too short', hint: t('options_strengthTooShort', MIN_PASSPHRASE_LENGTH) };
  const pool = POOLS.reduce((sum, [used, size]) => (used.test(text) ? sum + size : sum), 0);
  // Repeats (aaaa) and runs (1234, abcd) add little: each such character counts half.
  let predictable = 0;
  for (let i = 1; i < text.length; i++)
    if (Math.abs(text.charCodeAt(i) - text.charCodeAt(i - 1)) <= 1) predictable += 1;
  let bits = (text.length - predictable / 2) * Math.log2(Math.max(pool, 2));
  // A passphrase of words is guessed word by word, from a list of some 8,000 words.
  const words = text.split(/[\s\-_.,]+/).filter((word) => word.length >= 3);
  if (words.length >= 3) bits = Math.min(bits, words.length * 13 + 10);
  if (COMMON.test(text)) bits -= 20;
  if (bits < 50) return { level: 'weak', hint: t('options_strengthWeak') };
  if (bits < 70) return { level: 'fair', hint: t('options_strengthFair') };
  return { level: 'strong', hint: t('options_strengthStrong') };
}

const GROUPS: [VaultLabel['kind'], MessageKey][] = [
  ['credentials', 'options_vaultLogins'],
  ['payment', 'options_vaultPayments'],
  ['billing', 'options_vaultBillings'],
];

/** Creating the vault (the passphrase twice, with a strength hint), or unlocking it. */
function PassphraseForm(props: { create: boolean; onDone: (status: VaultStatus) => void }) {
  const { create } = props;
  const connector = useConnector();
  const [typed, setTyped] = useState({ passphrase: '', repeat: '' });
  const [errors, setErrors] = useState<{ passphrase?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);
  const { passphrase } = typed;
  const field = (key: keyof typeof typed) => ({
    type: 'password' as const,
    value: typed[key],
    onInput: (value: string) => {
      setTyped({ ...typed, [key]: value });
      setErrors({});
    },
    error: errors[key],
  });

  async function submit() {
    if (create && passphrase.length < MIN_PASSPHRASE_LENGTH)
      return setErrors({ passphrase: t('options_passphraseTooShort', MIN_PASSPHRASE_LENGTH) });
    if (create && typed.repeat !== passphrase)
      return setErrors({ repeat: t('options_passphrasesDiffer') });
    setBusy(true);
    await connector
      .call(create ? 'vault.create' : 'vault.unlock', { passphrase })
      .then(props.onDone, (error) => setErrors({ passphrase: failureOf(error).message }));
    setBusy(false);
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>{create ? t('options_vaultCreateIntro') : t('options_vaultLocked')}</p>
      <TextField
        label={create ? t('options_newPassphrase') : t('options_passphrase')}
        {...field('passphrase')}
        hint={create ? passphraseStrength(passphrase).hint : undefined}
      />
      {create && <TextField label={t('options_repeatPassphrase')} {...field('repeat')} />}
      <button type="submit" disabled={busy}>
        {create
          ? t(busy ? 'options_vaultCreating' : 'options_vaultCreate')
          : t(busy ? 'options_vaultUnlocking' : 'options_vaultUnlock')}
      </button>
    </form>
  );
}

/** Own-account secrets: encrypted at rest, unlocked for this browser session, shown as labels only. */
export function VaultSection() {
  const connector = useConnector();
  // Read again when the background announces a change: a lock when idle, another page.
  const vault = useBackground((c) => c.call('vault.status', {}), ['vault']);
  const [error, setError] = useState<unknown>();
  const focusLater = useFocusLater();
  const root = useRef<HTMLDivElement>(null);
  const status = vault.data;
  // After creating, unlocking, locking, deleting or removing, the next step is the first
  // control the vault now shows: a passphrase, or the kind of secret to add.
  const show = (next: VaultStatus, goOn = true) => {
    vault.show(next);
    setError(undefined);
    if (goOn) focusLater(() => root.current?.querySelector('input, select'));
  };

  async function run(action: () => Promise<VaultStatus>) {
    try {
      show(await action());
    } catch (failure) {
      setError(failure);
      vault.reload();
    }
  }
  const remove = (id: string) => run(() => connector.call('vault.remove', { id }));
  const shownError = error ?? vault.error;

  return (
    <PageSection id="vault" title={t('options_vaultTitle')}>
      <div ref={root}>
        <p class="hint">{t('options_vaultIntro')}</p>
        <ErrorText error={shownError} />
        {status === undefined && !shownError && <p>{t('options_loading')}</p>}
        {status && !status.unlocked && (
          <PassphraseForm key={String(status.exists)} create={!status.exists} onDone={show} />
        )}
        {status?.unlocked && (
          <>
            <div class="row">
              <p role="status">
                {status.locksAt
                  ? t('options_vaultUnlockedUntil', timeText(status.locksAt))
                  : t('options_vaultUnlocked')}
              </p>
              <button type="button" onClick={() => run(() => connector.call('vault.lock', {}))}>
                {t('options_vaultLock')}
              </button>
            </div>
            {GROUPS.map(([kind, title]) => {
              const items = status.items.filter((item) => item.kind === kind);
              return (
                <div key={kind}>
                  <h3 id={`vault-${kind}`}>{t(title)}</h3>
                  {items.length === 0 ? (
                    <p class="hint">{t('options_vaultNone')}</p>
                  ) : (
                    <ul aria-labelledby={`vault-${kind}`} class="plain">
                      {items.map((item) => (
                        <li key={item.id} class="row">
                          <span>{item.label}</span>
                          <button type="button" onClick={() => remove(item.id)}>
                            {t('options_vaultRemove')}
                            <span class="sr"> {item.label}</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              );
            })}
            <VaultItemForm onSaved={(next) => show(next, false)} />
          </>
        )}
        {(status?.exists || shownError !== undefined) && (
          <AskFirst
            ask={t('options_vaultDeleteAsk')}
            legend={t('options_vaultDeleteLegend')}
            explain={t('options_vaultDeleteExplain')}
            confirm={t('options_vaultDeleteConfirm')}
            keep={t('options_vaultDeleteKeep')}
            onConfirm={async () => show(await connector.call('vault.delete', {}))}
          />
        )}
      </div>
    </PageSection>
  );
}
