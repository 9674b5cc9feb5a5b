import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import type { RetailerCode } from '../api/retailers.ts';
import { numberOrText } from '../shared/form-values.ts';
import type { VaultItem, VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { CheckField, SelectField, TextField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems, within } from '../ui/problems.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { Group } from '../ui/section.tsx';
import {
  type AddressDraft,
  AddressFields,
  addressFromDraft,
  emptyAddress,
} from './address-fields.tsx';
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

// An empty field is a missing one, so that the background says it is required.
const textOrNothing = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The item as the form describes it, unchecked: the background checks it when it is
 * saved. The label is filled in when left empty, from what the item is.
 */
function itemOf(kind: Kind, label: string, form: Secrets, billing: AddressDraft) {
  const id = crypto.randomUUID();
  let item: VaultItem;
  if (kind === 'credentials') {
    item = {
      kind,
      id,
      label: '',
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
          expiration_month: numberOrText(form.month),
          expiration_year: numberOrText(form.year),
        };
    // Unchecked: a field left empty is left out, for the background to say it is required.
    item = { kind, id, label: '', payment } as VaultItem;
  } else {
    item = { kind, id, label: '', address: addressFromDraft(billing) } as VaultItem;
  }
  return { ...item, label: label.trim() || defaultLabel(item) };
}

/** Adds one login, payment method or billing address; its secrets go to the background once. */
export function VaultItemForm({ onSaved }: { onSaved: (status: VaultStatus) => void }) {
  const connector = useConnector();
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

  async function save() {
    setSaved(undefined);
    const item = itemOf(kind, label, form, billing);
    try {
      onSaved(await connector.call('vault.save', { item }));
      // The secrets leave the page's memory as soon as the vault has them.
      setForm({ ...EMPTY, retailer: form.retailer });
      setBilling(emptyAddress());
      setLabel('');
      setProblems([]);
      setSaved(`Saved: ${item.label}.`);
    } catch (error) {
      const failure = failureOf(error);
      if (failure.problems.length === 0)
        return setProblems([{ field: '', message: failure.message }]);
      // The contract's wording names the API field; this form has a box for it.
      setProblems(
        within(failure.problems, 'item.').map((problem) => ({
          ...problem,
          message: problem.message.replace(
            'pay from the gift balance with use_gift: true',
            'tick “Pay from the retailer account’s gift balance”',
          ),
        })),
      );
    }
  }

  const secret = (
    key: keyof Secrets,
    label: string,
    field: string,
    extra: { type?: 'password' | 'email'; inputMode?: 'numeric' | 'email'; hint?: string } = {},
  ) => (
    <TextField
      label={label}
      secret
      value={form[key] as string}
      onInput={(value) => set({ [key]: value })}
      problems={[field]}
      {...extra}
    />
  );

  return (
    <Group legend="Add a secret">
      <ProblemsProvider problems={problems}>
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
            <RetailerSelect
              label="Retailer"
              value={form.retailer}
              onChange={(retailer) => set({ retailer })}
            />
            {secret('email', 'Retailer email', 'credentials.email', {
              type: 'email',
              inputMode: 'email',
            })}
            {secret('password', 'Retailer password', 'credentials.password', { type: 'password' })}
            {secret('totp', '2FA key', 'credentials.totp_2fa_key', {
              type: 'password',
              hint: 'Optional: the key behind the account’s authenticator codes.',
            })}
          </div>
        )}
        {kind === 'payment' && (
          <>
            <CheckField
              label="Pay from the retailer account’s gift balance"
              checked={form.useGift}
              onChange={(useGift) => set({ useGift })}
              problems={['payment.use_gift']}
            />
            {!form.useGift && (
              <div class="grid">
                {secret('nameOnCard', 'Name on card', 'payment.name_on_card')}
                {secret('number', 'Card number', 'payment.number', { inputMode: 'numeric' })}
                {secret('securityCode', 'Security code', 'payment.security_code', {
                  type: 'password',
                  inputMode: 'numeric',
                })}
                {secret('month', 'Expiration month', 'payment.expiration_month', {
                  inputMode: 'numeric',
                  hint: '1 to 12.',
                })}
                {secret('year', 'Expiration year', 'payment.expiration_year', {
                  inputMode: 'numeric',
                  hint: 'Four digits, such as 2031.',
                })}
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
            path="address."
            without={['instructions']}
          />
        )}
        <TextField
          label="Label"
          value={label}
          onInput={setLabel}
          problems={['label']}
          hint="Optional: shown instead of the secret, such as “Visa ending 4444”."
        />
        <UnplacedProblems />
      </ProblemsProvider>
      <div class="row">
        <button type="button" onClick={save}>
          Save secret
        </button>
        {saved && <span role="status">{saved}</span>}
      </div>
    </Group>
  );
}
