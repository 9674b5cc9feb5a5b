import { useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import { numberOrText } from '../shared/form-values.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import type { VaultItem, VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { CheckField, SelectField, TextField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems } from '../ui/problems.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import {
  type AddressDraft,
  AddressFields,
  addressDraftOf,
  addressFromDraft,
} from './address-fields.tsx';
import { problemsOf, useFieldProblems } from './field-problems.ts';
import { defaultLabel } from './words.ts';

type Kind = VaultItem['kind'];

const KINDS: readonly (readonly [Kind, MessageKey])[] = [
  ['credentials', 'options_secretKindLogin'],
  ['payment', 'options_secretKindPayment'],
  ['billing', 'options_secretKindBilling'],
];

/** A secret's field: the item's field it fills (whose problems it shows), label, input, hint. */
type Secret = readonly [
  path: string,
  label: MessageKey,
  input?: { type?: 'password' | 'email'; inputMode?: 'numeric' | 'email' },
  hint?: MessageKey,
];
const NUMERIC = { inputMode: 'numeric' } as const;
const HIDDEN = { type: 'password' } as const;
const LOGIN: readonly Secret[] = [
  ['credentials.email', 'options_secretEmail', { type: 'email', inputMode: 'email' }],
  ['credentials.password', 'options_secretPassword', HIDDEN],
  ['credentials.totp_2fa_key', 'options_secretTotp', HIDDEN, 'options_secretTotpHint'],
];
const CARD: readonly Secret[] = [
  ['payment.name_on_card', 'options_secretNameOnCard'],
  ['payment.number', 'options_secretCardNumber', NUMERIC],
  ['payment.security_code', 'options_secretSecurityCode', { ...HIDDEN, ...NUMERIC }],
  ['payment.expiration_month', 'options_secretMonth', NUMERIC, 'options_secretMonthHint'],
  ['payment.expiration_year', 'options_secretYear', NUMERIC, 'options_secretYearHint'],
];

/** What the form holds: the retailer of a login, gift balance or card, the secrets typed. */
interface Secrets {
  retailer: RetailerCode;
  useGift: boolean;
  label: string;
  typed: Record<string, string>;
}

/**
 * The item as the form describes it, unchecked: an empty field is left out for the
 * background to say it is required. An empty label is made from the item.
 */
function itemOf(kind: Kind, form: Secrets, billing: AddressDraft): VaultItem {
  const typed = (path: string) => form.typed[path] ?? '';
  const text = (path: string) => typed(path).trim() || undefined;
  const body =
    kind === 'credentials'
      ? {
          retailer: form.retailer,
          credentials: {
            email: typed('credentials.email').trim(),
            password: typed('credentials.password'),
            totp_2fa_key: text('credentials.totp_2fa_key')?.replace(/\s/g, ''),
          },
        }
      : kind === 'payment'
        ? {
            payment: form.useGift
              ? { use_gift: true }
              : {
                  name_on_card: text('payment.name_on_card'),
                  number: text('payment.number')?.replace(/[\s-]/g, ''),
                  security_code: text('payment.security_code'),
                  expiration_month: numberOrText(typed('payment.expiration_month')),
                  expiration_year: numberOrText(typed('payment.expiration_year')),
                },
          }
        : { address: addressFromDraft(billing) };
  const item = { kind, id: crypto.randomUUID(), label: '', ...body } as VaultItem;
  return { ...item, label: form.label.trim() || defaultLabel(item) };
}

const EMPTY = { useGift: false, label: '', typed: {} };

/** Adds one login, payment method or billing address; its secrets go to the background once. */
export function VaultItemForm({ onSaved }: { onSaved: (status: VaultStatus) => void }) {
  const connector = useConnector();
  const [kind, setKind] = useState<Kind>('credentials');
  const [form, setForm] = useState<Secrets>({ retailer: 'amazon', ...EMPTY });
  const [billing, setBilling] = useState(addressDraftOf());
  const problems = useFieldProblems<HTMLFieldSetElement>();
  const [saved, setSaved] = useState<string | undefined>();
  const stale = (paths: string[]) => {
    problems.stale(paths);
    setSaved(undefined);
  };
  const set = (change: Partial<Secrets>, path: string) => {
    setForm({ ...form, ...change });
    stale([path]);
  };

  async function save() {
    setSaved(undefined);
    const item = itemOf(kind, form, billing);
    try {
      onSaved(await connector.call('vault.save', { item }));
      // The secrets leave the page's memory as soon as the vault has them.
      setForm({ retailer: form.retailer, ...EMPTY });
      setBilling(addressDraftOf());
      problems.clear();
      setSaved(t('options_secretSaved', item.label));
    } catch (error) {
      // The item's problems are the form's; the contract's wording names the API's gift
      // field, which this form shows as a box.
      const gift = t('options_secretGiftInstead', t('options_secretUseGift'));
      const unprefixed = (text: string) => text.replace(/^item\./, '');
      problems.refuse(
        problemsOf(error).map(({ field, message }) => ({
          field: unprefixed(field),
          message: unprefixed(message).replace(
            'pay from the gift balance with use_gift: true',
            gift,
          ),
        })),
      );
    }
  }

  const secrets = (fields: readonly Secret[]) =>
    fields.map(([path, label, input, hint]) => (
      <TextField
        key={path}
        label={t(label)}
        secret
        value={form.typed[path] ?? ''}
        onInput={(value) => set({ typed: { ...form.typed, [path]: value } }, path)}
        problems={[path]}
        hint={hint && t(hint)}
        {...input}
      />
    ));

  return (
    <fieldset ref={problems.root}>
      <legend>{t('options_secretLegend')}</legend>
      <ProblemsProvider problems={problems.problems}>
        <SelectField
          label={t('options_secretKind')}
          value={kind}
          options={KINDS.map(([value, key]) => [value, t(key)] as const)}
          onChange={(next) => {
            setKind(next);
            problems.clear();
            setSaved(undefined);
          }}
        />
        {kind === 'credentials' && (
          <div class="grid">
            <RetailerSelect
              label={t('options_secretRetailer')}
              value={form.retailer}
              onChange={(retailer) => set({ retailer }, 'retailer')}
            />
            {secrets(LOGIN)}
          </div>
        )}
        {kind === 'payment' && (
          <>
            <CheckField
              label={t('options_secretUseGift')}
              checked={form.useGift}
              onChange={(useGift) => set({ useGift }, 'payment')}
              problems={['payment.use_gift']}
            />
            {!form.useGift && <div class="grid">{secrets(CARD)}</div>}
          </>
        )}
        {kind === 'billing' && (
          <AddressFields
            value={billing}
            onChange={(next, paths) => {
              setBilling(next);
              stale(paths);
            }}
            path="address."
            without="instructions"
          />
        )}
        <TextField
          label={t('options_secretLabel')}
          value={form.label}
          onInput={(label) => set({ label }, 'label')}
          problems={['label']}
          hint={t('options_secretLabelHint')}
        />
        <UnplacedProblems />
      </ProblemsProvider>
      <div class="row">
        <button type="button" onClick={save}>
          {t('options_secretSave')}
        </button>
        {saved && <span role="status">{saved}</span>}
      </div>
    </fieldset>
  );
}
