import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { RETAILER_CODES, type RetailerCode } from '../api/retailers.ts';
import { WEBHOOK_KEYS } from '../api/schemas/common.ts';
import { SHIPPING_METHODS } from '../api/schemas/shipping.ts';
import { criteriaOf, parseMoney } from '../popup/build-request.ts';
import { CriteriaFields } from '../popup/criteria-fields.tsx';
import { criteriaDraft } from '../popup/draft.ts';
import { CheckField, SelectField, TextField } from '../popup/fields.tsx';
import { ask, BackgroundError } from '../shared/messaging.ts';
import { NOTIFICATION_KINDS, type Settings } from '../shared/settings.ts';
import { AddressesEditor } from './addresses-editor.tsx';

const money = (cents: number) => (cents / 100).toFixed(2);

/** Everything a new order starts from: address, mode, criteria, shipping, guards, gift, managed, notifications. */
export function DefaultsSection({
  settings,
  onSaved,
}: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const [draft, setDraft] = useState(settings);
  const [criteriaFor, setCriteriaFor] = useState<RetailerCode | ''>('');
  const [criteria, setCriteria] = useState(criteriaDraft(settings, ''));
  const [text, setText] = useState({
    percent: String(settings.maxPriceTolerance.percent),
    amount: money(settings.maxPriceTolerance.amountCents),
    discount: String(settings.managed.discount),
    timeout: String(settings.managed.queueTimeoutSeconds),
    bid: money(settings.managed.priorityBidCents),
    fast: String(settings.polling.fastSeconds),
    tracking: String(settings.polling.trackingMinutes),
    idle: String(settings.vaultIdleLockMinutes),
    maxDays:
      settings.shipping.kind === 'object' ? String(settings.shipping.shipping.max_days ?? '') : '',
    shipMax:
      settings.shipping.kind === 'object' && settings.shipping.shipping.max_price !== undefined
        ? money(settings.shipping.shipping.max_price)
        : '',
  });
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [saved, setSaved] = useState(false);
  const errorOf = (field: string) =>
    problems.find((problem) => problem.field === field || problem.field.startsWith(`${field}.`))
      ?.message;
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    setDraft({ ...draft, [key]: value });
    setSaved(false);
  };

  function chooseCriteriaRetailer(retailer: RetailerCode | '') {
    setCriteriaFor(retailer);
    setCriteria(criteriaDraft(draft, retailer));
  }

  function applyCriteria(next: ReturnType<typeof criteriaDraft>) {
    setCriteria(next);
    const value = criteriaOf(next) ?? null;
    if (criteriaFor === '') set('sellerCriteria', value);
    else {
      const byRetailer = { ...draft.sellerCriteriaByRetailer };
      if (value) byRetailer[criteriaFor] = value;
      else delete byRetailer[criteriaFor];
      set('sellerCriteriaByRetailer', byRetailer);
    }
  }

  async function save() {
    const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
    const shipping =
      draft.shipping.kind === 'method'
        ? draft.shipping
        : {
            kind: 'object' as const,
            shipping: {
              order_by: draft.shipping.shipping.order_by ?? 'price',
              ...(text.maxDays.trim() ? { max_days: number(text.maxDays) } : {}),
              ...(text.shipMax.trim() ? { max_price: parseMoney(text.shipMax) } : {}),
            },
          };
    // Only the fields this section owns: the connection is saved elsewhere.
    const patch = {
      addresses: draft.addresses,
      defaultAddressId: draft.defaultAddressId,
      mode: draft.mode,
      sellerCriteria: draft.sellerCriteria,
      sellerCriteriaByRetailer: draft.sellerCriteriaByRetailer,
      gift: draft.gift,
      notifications: draft.notifications,
      shipping,
      maxPriceTolerance: {
        percent: number(text.percent),
        amountCents: parseMoney(text.amount) ?? 0,
      },
      managed: {
        ...draft.managed,
        discount: number(text.discount),
        queueTimeoutSeconds: number(text.timeout),
        priorityBidCents: parseMoney(text.bid) ?? 0,
      },
      polling: { fastSeconds: number(text.fast), trackingMinutes: number(text.tracking) },
      vaultIdleLockMinutes: number(text.idle),
      webhooks: Object.fromEntries(
        Object.entries(draft.webhooks).filter(
          ([, url]) => typeof url === 'string' && url.trim() !== '',
        ),
      ),
    };
    try {
      onSaved(await ask('settings.update', { patch }));
      setProblems([]);
      setSaved(true);
    } catch (error) {
      setProblems(
        error instanceof BackgroundError && error.problems
          ? error.problems
          : [{ field: '', message: String(error) }],
      );
    }
  }

  const textField = (
    key: keyof typeof text,
    label: string,
    field: string,
    inputMode: 'decimal' | 'numeric' = 'decimal',
  ) => (
    <TextField
      label={label}
      inputMode={inputMode}
      value={text[key]}
      onInput={(value) => setText({ ...text, [key]: value })}
      error={errorOf(field)}
    />
  );

  return (
    <section aria-labelledby="defaults">
      <h2 id="defaults">Order defaults</h2>
      <AddressesEditor
        addresses={draft.addresses}
        defaultId={draft.defaultAddressId}
        onChange={(addresses, defaultAddressId) =>
          setDraft({ ...draft, addresses, defaultAddressId })
        }
      />
      <SelectField
        label="Ordering mode"
        value={draft.mode}
        options={
          [
            ['managed', 'Managed accounts (amazon, amazon_uk)'],
            ['own', 'My own retailer account'],
          ] as const
        }
        onChange={(value) => set('mode', value)}
      />
      <SelectField
        label="Seller criteria for"
        value={criteriaFor}
        options={[
          ['', 'Every retailer'],
          ...RETAILER_CODES.map((code) => [code, `${code} (override)`] as const),
        ]}
        onChange={chooseCriteriaRetailer}
      />
      <CriteriaFields
        criteria={criteria}
        onChange={applyCriteria}
        errorOf={(field) =>
          errorOf(field.replace('products.0.seller_selection_criteria', 'sellerCriteria'))
        }
      />
      <SelectField
        label="Shipping preference"
        value={draft.shipping.kind === 'method' ? draft.shipping.method : 'object'}
        options={[
          ...SHIPPING_METHODS.map((method) => [method, `Method: ${method}`] as const),
          ['object', 'Limits (days, price)'] as const,
        ]}
        onChange={(value) =>
          set(
            'shipping',
            value === 'object'
              ? { kind: 'object', shipping: { order_by: 'price' } }
              : { kind: 'method', method: value },
          )
        }
      />
      {draft.shipping.kind === 'object' && (
        <div class="grid">
          <SelectField
            label="Order shipping by"
            value={draft.shipping.shipping.order_by ?? 'price'}
            options={
              [
                ['price', 'Price'],
                ['speed', 'Speed'],
              ] as const
            }
            onChange={(order_by) => set('shipping', { kind: 'object', shipping: { order_by } })}
          />
          {textField('maxDays', 'Arrives in fewer than (days)', 'shipping', 'numeric')}
          {textField('shipMax', 'Shipping at most', 'shipping')}
        </div>
      )}
      <div class="grid">
        {textField('percent', 'Max price tolerance (%)', 'maxPriceTolerance')}
        {textField('amount', 'Max price tolerance (amount)', 'maxPriceTolerance')}
      </div>
      <CheckField
        label="Send orders as gifts"
        checked={draft.gift.isGift}
        onChange={(isGift) => set('gift', { ...draft.gift, isGift })}
      />
      <TextField
        label="Default gift message"
        multiline
        value={draft.gift.message}
        onInput={(message) => set('gift', { ...draft.gift, message })}
        error={errorOf('gift')}
      />
      <fieldset>
        <legend>Managed defaults</legend>
        <div class="grid">
          {textField('discount', 'Managed discount (-50 to 0 %)', 'managed')}
          {textField('timeout', 'Queue timeout (seconds)', 'managed', 'numeric')}
          {textField('bid', 'Priority bid', 'managed')}
          <CheckField
            label="Non-prime account"
            checked={draft.managed.primeOptout}
            onChange={(primeOptout) => set('managed', { ...draft.managed, primeOptout })}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Webhooks passed through</legend>
        {WEBHOOK_KEYS.map((key) => (
          <TextField
            key={key}
            label={`Webhook ${key.replace('_', ' ')}`}
            type="url"
            value={draft.webhooks[key] ?? ''}
            onInput={(url) => set('webhooks', { ...draft.webhooks, [key]: url })}
            error={errorOf(`webhooks.${key}`)}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>Notifications</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <CheckField
            key={kind}
            label={`Notify: ${kind.replace('_', ' ')}`}
            checked={draft.notifications[kind]}
            onChange={(on) => set('notifications', { ...draft.notifications, [kind]: on })}
          />
        ))}
      </fieldset>
      <div class="grid">
        {textField('fast', 'Check new orders every (seconds)', 'polling', 'numeric')}
        {textField('tracking', 'Check tracking every (minutes)', 'polling', 'numeric')}
        {textField(
          'idle',
          'Lock the vault after idle (minutes)',
          'vaultIdleLockMinutes',
          'numeric',
        )}
      </div>
      {problems
        .filter((problem) => problem.field === '')
        .map((problem) => (
          <p key={problem.message} class="error" role="alert">
            {problem.message}
          </p>
        ))}
      <button type="button" class="primary" onClick={save}>
        Save defaults
      </button>
      {saved && <p role="status">Defaults saved.</p>}
    </section>
  );
}
