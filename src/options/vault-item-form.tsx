import { useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import { numberOrText } from '../shared/form-values.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import type { VaultItem, VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { CheckField, SelectField, TextField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems, within } from '../ui/problems.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import {
  type AddressDraft,
  AddressFields,
  addressDraftOf,
  addressFromDraft,
} from './address-fields.tsx';
import { useFieldProblems } from './field-problems.ts';
import { defaultLabel } from './vault-labels.ts';
import { retailerName } from './words.ts';

type Kind = VaultItem['kind'];

const KINDS: readonly (readonly [Kind, MessageKey])[] = [
  ['credentials', 'options_secretKindLogin'],
  ['payment', 'options_secretKindPayment'],
  ['billing', 'options_secretKindBilling'],
];

type Secret = {
  label: MessageKey;
  type?: 'password' | 'email';
  inputMode?: 'numeric' | 'email';
  hint?: MessageKey;
};

/** The secrets typed in, each by the field of the item it fills, whose problems it shows. */
const LOGIN: Record<string, Secret> = {
  'credentials.email': { label: 'options_secretEmail', type: 'email', inputMode: 'email' },
  'credentials.password': { label: 'options_secretPassword', type: 'password' },
  'credentials.totp_2fa_key': {
    label: 'options_secretTotp',
    type: 'password',
    hint: 'options_secretTotpHint',
  },
};
const CARD: Record<string, Secret> = {
  'payment.name_on_card': { label: 'options_secretNameOnCard' },
  'payment.number': { label: 'options_secretCardNumber', inputMode: 'numeric' },
  'payment.security_code': {
    label: 'options_secretSecurityCode',
    type: 'password',
    inputMode: 'numeric',
  },
  'payment.expiration_month': {
    label: 'options_secretMonth',
    inputMode: 'numeric',
    hint: 'options_secretMonthHint',
  },
  'payment.expiration_year': {
    label: 'options_secretYear',
    inputMode: 'numeric',
    hint: 'options_secretYearHint',
  },
};

/** What the form holds: the retailer of a login, gift balance or card, and the secrets typed. */
interface Secrets {
  retailer: RetailerCode;
  useGift: boolean;
  typed: Record<string, string>;
}

// An empty field is a missing one, so that the background says it is required.
const textOrNothing = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The item as the form describes it, unchecked: the background checks it when it is
 * saved. The label is filled in when left empty, from what the item is.
 */
function itemOf(kind: Kind, label: string, form: Secrets, billing: AddressDraft) {
  const id = crypto.randomUUID();
  const typed = (path: string) => form.typed[path] ?? '';
  let item: VaultItem;
  if (kind === 'credentials') {
    item = {
      kind,
      id,
      label: '',
      retailer: form.retailer,
      credentials: {
        email: typed('credentials.email').trim(),
        password: typed('credentials.password'),
        ...(typed('credentials.totp_2fa_key').trim()
          ? { totp_2fa_key: typed('credentials.totp_2fa_key').replace(/\s/g, '') }
          : {}),
      },
    };
  } else if (kind === 'payment') {
    const payment = form.useGift
      ? { use_gift: true }
      : {
          name_on_card: textOrNothing(typed('payment.name_on_card')),
          number: textOrNothing(typed('payment.number').replace(/[\s-]/g, '')),
          security_code: textOrNothing(typed('payment.security_code')),
          expiration_month: numberOrText(typed('payment.expiration_month')),
          expiration_year: numberOrText(typed('payment.expiration_year')),
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
  const [form, setForm] = useState<Secrets>({ retailer: 'amazon', useGift: false, typed: {} });
  const [billing, setBilling] = useState<AddressDraft>(addressDraftOf());
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
    const item = itemOf(kind, label, form, billing);
    try {
      onSaved(await connector.call('vault.save', { item }));
      // The secrets leave the page's memory as soon as the vault has them.
      setForm({ retailer: form.retailer, useGift: false, typed: {} });
      setBilling(addressDraftOf());
      setLabel('');
      problems.clear();
      setSaved(t('options_secretSaved', item.label));
    } catch (error) {
      const failure = failureOf(error);
      if (failure.problems.length === 0)
        return problems.refuse([{ field: '', message: failure.message }]);
      // The contract's wording names the API field; this form has a box for it.
      problems.refuse(
        within(failure.problems, 'item.').map((problem) => ({
          ...problem,
          message: problem.message.replace(
            'pay from the gift balance with use_gift: true',
            t('options_secretGiftInstead', t('options_secretUseGift')),
          ),
        })),
      );
    }
  }

  const secrets = (fields: Record<string, Secret>) =>
    Object.entries(fields).map(([path, { label, hint, ...input }]) => (
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
              describe={retailerName}
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
            onChange={(next, field) => {
              setBilling(next);
              stale([`address.${field}`]);
            }}
            path="address."
            without={['instructions']}
          />
        )}
        <TextField
          label={t('options_secretLabel')}
          value={label}
          onInput={(text) => {
            setLabel(text);
            stale(['label']);
          }}
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
