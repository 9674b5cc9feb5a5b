import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
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
  addressFromDraft,
  emptyAddress,
} from './address-fields.tsx';
import { focusFirstProblem } from './focus.ts';
import { withoutProblemsAt } from './stale-problems.ts';
import { defaultLabel } from './vault-labels.ts';
import { retailerName } from './words.ts';

type Kind = VaultItem['kind'];

const KINDS: readonly (readonly [Kind, MessageKey])[] = [
  ['credentials', 'options_secretKindLogin'],
  ['payment', 'options_secretKindPayment'],
  ['billing', 'options_secretKindBilling'],
];

/** The setting each form field fills, whose problems it shows. */
const FIELD_OF: Record<keyof Secrets, string> = {
  retailer: 'retailer',
  email: 'credentials.email',
  password: 'credentials.password',
  totp: 'credentials.totp_2fa_key',
  useGift: 'payment',
  nameOnCard: 'payment.name_on_card',
  number: 'payment.number',
  securityCode: 'payment.security_code',
  month: 'payment.expiration_month',
  year: 'payment.expiration_year',
};

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
  const [failures, setFailures] = useState(0);
  const root = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    if (failures > 0) focusFirstProblem(root.current);
  }, [failures]);
  const stale = (paths: string[]) => {
    setProblems((old) => withoutProblemsAt(old, paths));
    setSaved(undefined);
  };
  const set = (change: Partial<Secrets>) => {
    setForm({ ...form, ...change });
    stale((Object.keys(change) as (keyof Secrets)[]).map((key) => FIELD_OF[key]));
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
      setSaved(t('options_secretSaved', item.label));
    } catch (error) {
      const failure = failureOf(error);
      setFailures((count) => count + 1);
      if (failure.problems.length === 0)
        return setProblems([{ field: '', message: failure.message }]);
      // The contract's wording names the API field; this form has a box for it.
      setProblems(
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

  const secret = (
    key: keyof Secrets,
    label: string,
    extra: { type?: 'password' | 'email'; inputMode?: 'numeric' | 'email'; hint?: string } = {},
  ) => (
    <TextField
      label={label}
      secret
      value={form[key] as string}
      onInput={(value) => set({ [key]: value })}
      problems={[FIELD_OF[key]]}
      {...extra}
    />
  );

  return (
    <fieldset ref={root}>
      <legend>{t('options_secretLegend')}</legend>
      <ProblemsProvider problems={problems}>
        <SelectField
          label={t('options_secretKind')}
          value={kind}
          options={KINDS.map(([value, key]) => [value, t(key)] as const)}
          onChange={(next) => {
            setKind(next);
            setProblems([]);
            setSaved(undefined);
          }}
        />
        {kind === 'credentials' && (
          <div class="grid">
            <RetailerSelect
              label={t('options_secretRetailer')}
              value={form.retailer}
              describe={retailerName}
              onChange={(retailer) => set({ retailer })}
            />
            {secret('email', t('options_secretEmail'), {
              type: 'email',
              inputMode: 'email',
            })}
            {secret('password', t('options_secretPassword'), { type: 'password' })}
            {secret('totp', t('options_secretTotp'), {
              type: 'password',
              hint: t('options_secretTotpHint'),
            })}
          </div>
        )}
        {kind === 'payment' && (
          <>
            <CheckField
              label={t('options_secretUseGift')}
              checked={form.useGift}
              onChange={(useGift) => set({ useGift })}
              problems={['payment.use_gift']}
            />
            {!form.useGift && (
              <div class="grid">
                {secret('nameOnCard', t('options_secretNameOnCard'))}
                {secret('number', t('options_secretCardNumber'), { inputMode: 'numeric' })}
                {secret('securityCode', t('options_secretSecurityCode'), {
                  type: 'password',
                  inputMode: 'numeric',
                })}
                {secret('month', t('options_secretMonth'), {
                  inputMode: 'numeric',
                  hint: t('options_secretMonthHint'),
                })}
                {secret('year', t('options_secretYear'), {
                  inputMode: 'numeric',
                  hint: t('options_secretYearHint'),
                })}
              </div>
            )}
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
