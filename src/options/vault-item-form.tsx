import { useState } from 'preact/hooks';
import { checkWith, type FieldProblem } from '../api/problems.ts';
import { RETAILER_CODES, type RetailerCode } from '../api/retailers.ts';
import { CheckField, SelectField, TextField } from '../popup/fields.tsx';
import { ask } from '../shared/messaging.ts';
import { type VaultItem, type VaultStatus, vaultItemInputSchema } from '../shared/vault-items.ts';
import {
  type AddressDraft,
  AddressFields,
  addressFromDraft,
  emptyAddress,
} from './address-fields.tsx';
import { problemAt, problemsOf } from './field-problems.ts';
import { SecretField } from './secret-field.tsx';
import { defaultLabel } from './vault-labels.ts';

type Kind = VaultItem['kind'];

const KINDS = [
  ['credentials', 'Retailer login'],
  ['payment', 'Payment method'],
  ['billing', 'Billing address'],
] as const;

interface Secrets {
  retailer: RetailerCode;
  email: string;
  password: string;
  totp: string;
  useGift: boolean;
  nameOnCard: string;
  number: string;
  securityCode: string;
  month: string;
  year: string;
}

const EMPTY: Secrets = {
  retailer: 'amazon',
  email: '',
  password: '',
  totp: '',
  useGift: false,
  nameOnCard: '',
  number: '',
  securityCode: '',
  month: '',
  year: '',
};

// An empty field is a missing one, so that the problem says it is required.
const textOrNothing = (text: string) => (text.trim() === '' ? undefined : text.trim());
const numberOrNothing = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The item as the form describes it, before checking; the label is filled in when left empty. */
function itemOf(kind: Kind, label: string, form: Secrets, billing: AddressDraft): unknown {
  const id = crypto.randomUUID();
  let item: Record<string, unknown>;
  if (kind === 'credentials') {
    item = {
      kind,
      id,
      retailer: form.retailer,
      credentials: {
        email: form.email.trim(),
        password: form.password,
        ...(form.totp.trim() ? { totp_2fa_key: form.totp.replace(/\s/g, '') } : {}),
      },
    };
  } else if (kind === 'payment') {
    const payment = form.useGift
      ? { use_gift: true }
      : {
          name_on_card: textOrNothing(form.nameOnCard),
          number: textOrNothing(form.number.replace(/[\s-]/g, '')),
          security_code: textOrNothing(form.securityCode),
          expiration_month: numberOrNothing(form.month),
          expiration_year: numberOrNothing(form.year),
        };
    item = { kind, id, payment };
  } else {
    item = { kind, id, address: addressFromDraft(billing) };
  }
  const withoutLabel = checkWith(vaultItemInputSchema, { ...item, label: 'unnamed' });
  const named = label.trim() || (withoutLabel.ok ? defaultLabel(withoutLabel.value) : 'unnamed');
  return { ...item, label: named };
}

/** Adds one login, payment method or billing address; its secrets go to the background once. */
export function VaultItemForm({ onSaved }: { onSaved: (status: VaultStatus) => void }) {
  const [kind, setKind] = useState<Kind>('credentials');
  const [label, setLabel] = useState('');
  const [form, setForm] = useState<Secrets>(EMPTY);
  const [billing, setBilling] = useState<AddressDraft>(emptyAddress());
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [saved, setSaved] = useState<string | undefined>();
  const set = (change: Partial<Secrets>) => {
    setForm({ ...form, ...change });
    setSaved(undefined);
  };
  const at = (field: string, text: string) => problemAt(problems, field, text);

  async function save() {
    setSaved(undefined);
    const checked = checkWith(vaultItemInputSchema, itemOf(kind, label, form, billing));
    if (!checked.ok)
      return setProblems(
        // The contract's wording names the API field; this form has a box for it.
        checked.problems.map((problem) => ({
          ...problem,
          message: problem.message.replace(
            'pay from the gift balance with use_gift: true',
            'tick “Pay from the retailer account’s gift balance”',
          ),
        })),
      );
    try {
      onSaved(await ask('vault.save', { item: checked.value }));
      // The secrets leave the page's memory as soon as the vault has them.
      setForm({ ...EMPTY, retailer: form.retailer });
      setBilling(emptyAddress());
      setLabel('');
      setProblems([]);
      setSaved(`Saved: ${checked.value.label}.`);
    } catch (error) {
      setProblems(
        problemsOf(error).map((problem) => ({
          ...problem,
          field: problem.field.replace(/^item\./, ''),
        })),
      );
    }
  }

  const unplaced = problems.filter(
    (problem) =>
      problem.field === '' || !/^(label|credentials|payment|address)(\.|$)/.test(problem.field),
  );

  return (
    <fieldset>
      <legend>Add a secret</legend>
      <SelectField
        label="Kind of secret"
        value={kind}
        options={KINDS}
        onChange={(next) => {
          setKind(next);
          setProblems([]);
          setSaved(undefined);
        }}
      />
      {kind === 'credentials' && (
        <div class="grid">
          <SelectField
            label="Retailer"
            value={form.retailer}
            options={RETAILER_CODES.map((code) => [code, code] as const)}
            onChange={(retailer) => set({ retailer })}
          />
          <SecretField
            label="Retailer email"
            type="email"
            inputMode="email"
            value={form.email}
            onInput={(email) => set({ email })}
            error={at('credentials.email', 'Retailer email')}
          />
          <SecretField
            label="Retailer password"
            type="password"
            value={form.password}
            onInput={(password) => set({ password })}
            error={at('credentials.password', 'Retailer password')}
          />
          <SecretField
            label="2FA key"
            type="password"
            value={form.totp}
            onInput={(totp) => set({ totp })}
            error={at('credentials.totp_2fa_key', '2FA key')}
            hint="Optional: the key behind the account’s authenticator codes."
          />
        </div>
      )}
      {kind === 'payment' && (
        <>
          <CheckField
            label="Pay from the retailer account’s gift balance"
            checked={form.useGift}
            onChange={(useGift) => set({ useGift })}
          />
          {!form.useGift && (
            <div class="grid">
              <SecretField
                label="Name on card"
                value={form.nameOnCard}
                onInput={(nameOnCard) => set({ nameOnCard })}
                error={at('payment.name_on_card', 'Name on card')}
              />
              <SecretField
                label="Card number"
                inputMode="numeric"
                value={form.number}
                onInput={(number) => set({ number })}
                error={at('payment.number', 'Card number')}
              />
              <SecretField
                label="Security code"
                type="password"
                inputMode="numeric"
                value={form.securityCode}
                onInput={(securityCode) => set({ securityCode })}
                error={at('payment.security_code', 'Security code')}
              />
              <SecretField
                label="Expiration month"
                inputMode="numeric"
                value={form.month}
                onInput={(month) => set({ month })}
                error={at('payment.expiration_month', 'Expiration month')}
                hint="1 to 12."
              />
              <SecretField
                label="Expiration year"
                inputMode="numeric"
                value={form.year}
                onInput={(year) => set({ year })}
                error={at('payment.expiration_year', 'Expiration year')}
                hint="Four digits, such as 2031."
              />
            </div>
          )}
        </>
      )}
      {kind === 'billing' && (
        <AddressFields
          value={billing}
          onChange={(next) => {
            setBilling(next);
            setSaved(undefined);
          }}
          problems={problems}
          path="address."
          without={['instructions']}
        />
      )}
      <TextField
        label="Label"
        value={label}
        onInput={setLabel}
        error={at('label', 'Label')}
        hint="Optional: shown instead of the secret, such as “Visa ending 4444”."
      />
      {unplaced.map((problem) => (
        <p key={problem.message} class="error" role="alert">
          {problem.message}
        </p>
      ))}
      <div class="row">
        <button type="button" onClick={save}>
          Save secret
        </button>
        {saved && <span role="status">{saved}</span>}
      </div>
    </fieldset>
  );
}
