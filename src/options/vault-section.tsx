import { useEffect, useState } from 'preact/hooks';
import { RETAILER_CODES, type RetailerCode } from '../api/retailers.ts';
import { CheckField, SelectField, TextField } from '../popup/fields.tsx';
import { ask, BackgroundError } from '../shared/messaging.ts';
import type { VaultItem, VaultStatus } from '../shared/vault-items.ts';

const ADDRESS_KEYS = [
  'first_name',
  'last_name',
  'address_line1',
  'city',
  'state',
  'zip_code',
  'country',
  'phone_number',
] as const;

/** Own-account secrets: encrypted at rest, unlocked for this browser session, shown as labels only. */
export function VaultSection() {
  const [status, setStatus] = useState<VaultStatus>({ exists: false, unlocked: false, items: [] });
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [kind, setKind] = useState<VaultItem['kind']>('payment');
  const [form, setForm] = useState<Record<string, string>>({ retailer: 'amazon', country: 'US' });
  const [useGift, setUseGift] = useState(false);

  useEffect(() => {
    void ask('vault.status', {}).then(setStatus);
  }, []);

  const run = async (action: () => Promise<VaultStatus>) => {
    setError(undefined);
    try {
      setStatus(await action());
      setPassphrase('');
      setRepeat('');
    } catch (failure) {
      setError(failure instanceof BackgroundError ? failure.message : String(failure));
    }
  };

  function itemFromForm(): VaultItem {
    const id = crypto.randomUUID();
    const label = form.label?.trim() ?? '';
    if (kind === 'credentials') {
      return {
        kind,
        id,
        label: label || `${form.email} on ${form.retailer}`,
        retailer: form.retailer as RetailerCode,
        credentials: {
          email: form.email ?? '',
          password: form.password ?? '',
          ...(form.totp ? { totp_2fa_key: form.totp } : {}),
        },
      };
    }
    if (kind === 'payment') {
      if (useGift) return { kind, id, label: label || 'Gift balance', payment: { use_gift: true } };
      const number = (form.number ?? '').replace(/\s/g, '');
      return {
        kind,
        id,
        label: label || `Card ending ${number.slice(-4)}`,
        payment: {
          name_on_card: form.name_on_card ?? '',
          number,
          security_code: form.security_code ?? '',
          expiration_month: Number(form.expiration_month),
          expiration_year: Number(form.expiration_year),
        },
      };
    }
    const address = Object.fromEntries(ADDRESS_KEYS.map((key) => [key, form[key]?.trim() ?? '']));
    return { kind, id, label: label || `Billing: ${address.city}`, address: address as never };
  }

  const input = (key: string, label: string, type = 'text') => (
    <TextField
      key={key}
      label={label}
      type={type}
      value={form[key] ?? ''}
      onInput={(value) => setForm({ ...form, [key]: value })}
    />
  );

  return (
    <section aria-labelledby="vault">
      <h2 id="vault">Own-account secrets</h2>
      <p class="hint">
        Logins, cards and billing addresses are encrypted with your passphrase (AES-GCM, PBKDF2 with
        600,000 rounds). Only labels are ever shown.
      </p>
      {!status.exists && (
        <>
          <TextField
            label="New passphrase"
            type="password"
            value={passphrase}
            onInput={setPassphrase}
            hint={
              passphrase.length > 0 && passphrase.length < 12
                ? 'Longer is stronger: 12 characters or more.'
                : 'At least 10 characters.'
            }
          />
          <TextField label="Repeat passphrase" type="password" value={repeat} onInput={setRepeat} />
          <button
            type="button"
            onClick={() =>
              passphrase === repeat
                ? run(() => ask('vault.create', { passphrase }))
                : setError('The two passphrases differ: type them again.')
            }
          >
            Create vault
          </button>
        </>
      )}
      {status.exists && !status.unlocked && (
        <>
          <TextField
            label="Passphrase"
            type="password"
            value={passphrase}
            onInput={setPassphrase}
          />
          <button type="button" onClick={() => run(() => ask('vault.unlock', { passphrase }))}>
            Unlock vault
          </button>
        </>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {status.unlocked && (
        <>
          <p role="status">
            Vault unlocked
            {status.locksAt
              ? ` until ${new Date(status.locksAt).toLocaleTimeString()} if left idle`
              : ''}
            .
          </p>
          <button type="button" onClick={() => run(() => ask('vault.lock', {}))}>
            Lock vault
          </button>
          <ul aria-label="Saved secrets">
            {status.items.map((item) => (
              <li key={item.id}>
                <span>{item.label}</span>{' '}
                <button
                  type="button"
                  onClick={() => run(() => ask('vault.remove', { id: item.id }))}
                >
                  Remove {item.label}
                </button>
              </li>
            ))}
          </ul>
          <SelectField
            label="Add"
            value={kind}
            options={
              [
                ['payment', 'Payment method'],
                ['credentials', 'Retailer login'],
                ['billing', 'Billing address'],
              ] as const
            }
            onChange={setKind}
          />
          {input('label', 'Label (optional)')}
          {kind === 'credentials' && (
            <>
              <SelectField
                label="Retailer"
                value={form.retailer ?? 'amazon'}
                options={RETAILER_CODES.map((code) => [code, code] as const)}
                onChange={(retailer) => setForm({ ...form, retailer })}
              />
              {input('email', 'Retailer email', 'email')}
              {input('password', 'Retailer password', 'password')}
              {input('totp', '2FA key (optional)', 'password')}
            </>
          )}
          {kind === 'payment' && (
            <>
              <CheckField
                label="Pay from the account’s gift balance"
                checked={useGift}
                onChange={setUseGift}
              />
              {!useGift && (
                <div class="grid">
                  {input('name_on_card', 'Name on card')}
                  {input('number', 'Card number')}
                  {input('security_code', 'Security code', 'password')}
                  {input('expiration_month', 'Expiration month')}
                  {input('expiration_year', 'Expiration year')}
                </div>
              )}
            </>
          )}
          {kind === 'billing' && (
            <div class="grid">{ADDRESS_KEYS.map((key) => input(key, key.replace('_', ' ')))}</div>
          )}
          <button
            type="button"
            onClick={() =>
              run(async () => {
                const status = await ask('vault.save', { item: itemFromForm() });
                setForm({ retailer: 'amazon', country: 'US' });
                return status;
              })
            }
          >
            Save secret
          </button>
        </>
      )}
    </section>
  );
}
