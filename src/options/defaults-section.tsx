import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { WEBHOOK_KEYS } from '../api/schemas/common.ts';
import { SHIPPING_METHODS } from '../api/schemas/shipping.ts';
import { parseMoney } from '../popup/build-request.ts';
import { CheckField, SelectField, TextField } from '../popup/fields.tsx';
import { ask } from '../shared/messaging.ts';
import { NOTIFICATION_KINDS, type NotificationKind, type Settings } from '../shared/settings.ts';
import { AddressesEditor } from './addresses-editor.tsx';
import { problemAt, problemsOf } from './field-problems.ts';
import { SellerCriteriaDefaults } from './seller-criteria-defaults.tsx';

const money = (cents: number) => (cents / 100).toFixed(2);
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const moneyOrZero = (text: string) => parseMoney(text) ?? 0;

const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  placed: 'Notify when an order is placed',
  failed: 'Notify when an order fails',
  tracking: 'Notify when tracking arrives',
  cancellation: 'Notify about cancellations',
  managed_waiting: 'Notify when a managed order waits long',
};

/** The number fields of the form, as typed, with the setting each one fills. */
function numberTexts(settings: Settings) {
  const shipping = settings.shipping.kind === 'object' ? settings.shipping.shipping : undefined;
  return {
    percent: String(settings.maxPriceTolerance.percent),
    amount: money(settings.maxPriceTolerance.amountCents),
    discount: String(settings.managed.discount),
    timeout: String(settings.managed.queueTimeoutSeconds),
    bid: money(settings.managed.priorityBidCents),
    waiting: String(settings.managedWaitingMinutes),
    fast: String(settings.polling.fastSeconds),
    tracking: String(settings.polling.trackingMinutes),
    idle: String(settings.vaultIdleLockMinutes),
    maxDays: shipping?.max_days === undefined ? '' : String(shipping.max_days),
    shipMax: shipping?.max_price === undefined ? '' : money(shipping.max_price),
  };
}
type NumberTexts = ReturnType<typeof numberTexts>;

/** Everything a new order starts from, and how Buyline follows orders. */
export function DefaultsSection({
  settings,
  onSaved,
}: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const [draft, setDraft] = useState(settings);
  const [text, setText] = useState(numberTexts(settings));
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [state, setState] = useState<'clean' | 'changed' | 'saving' | 'saved'>('clean');

  const change = (next: Partial<Settings>) => {
    setDraft({ ...draft, ...next });
    setState('changed');
  };
  const errorAt = (field: string, label: string) => problemAt(problems, field, label);

  async function save() {
    const shipping =
      draft.shipping.kind === 'method'
        ? draft.shipping
        : {
            kind: 'object' as const,
            shipping: {
              order_by: draft.shipping.shipping.order_by ?? 'price',
              ...(text.maxDays.trim() ? { max_days: numberOf(text.maxDays) } : {}),
              ...(text.shipMax.trim() ? { max_price: parseMoney(text.shipMax) } : {}),
            },
          };
    // Only the fields this section owns: the connection is saved by its own section.
    const patch = {
      addresses: draft.addresses,
      defaultAddressId: draft.defaultAddressId,
      mode: draft.mode,
      sellerCriteria: draft.sellerCriteria,
      sellerCriteriaByRetailer: draft.sellerCriteriaByRetailer,
      shipping,
      maxPriceTolerance: {
        percent: text.percent.trim() === '' ? 0 : Number(text.percent),
        amountCents: moneyOrZero(text.amount),
      },
      gift: draft.gift,
      webhooks: Object.fromEntries(
        Object.entries(draft.webhooks)
          .map(([key, url]) => [key, (url ?? '').trim()] as const)
          .filter(([, url]) => url !== ''),
      ),
      managed: {
        discount: numberOf(text.discount),
        queueTimeoutSeconds: numberOf(text.timeout),
        primeOptout: draft.managed.primeOptout,
        priorityBidCents: moneyOrZero(text.bid),
      },
      managedWaitingMinutes: numberOf(text.waiting),
      notifications: draft.notifications,
      polling: { fastSeconds: numberOf(text.fast), trackingMinutes: numberOf(text.tracking) },
      vaultIdleLockMinutes: numberOf(text.idle),
    };
    setState('saving');
    try {
      const saved = await ask('settings.update', { patch });
      onSaved(saved);
      setDraft(saved);
      setText(numberTexts(saved));
      setProblems([]);
      setState('saved');
    } catch (error) {
      setProblems(problemsOf(error));
      setState('changed');
    }
  }

  const numberField = (
    key: keyof NumberTexts,
    label: string,
    field: string,
    hint?: string,
    inputMode: 'decimal' | 'numeric' = 'decimal',
  ) => (
    <TextField
      label={label}
      inputMode={inputMode}
      value={text[key]}
      onInput={(value) => {
        setText({ ...text, [key]: value });
        setState('changed');
      }}
      error={errorAt(field, label)}
      {...(hint ? { hint } : {})}
    />
  );
  // Problems of fields with no control in view are listed at the end, as they came.
  const shownAtFields = [
    'shipping',
    'maxPriceTolerance',
    'gift.message',
    'managed',
    'managedWaitingMinutes',
    'webhooks',
    'polling',
    'vaultIdleLockMinutes',
    'sellerCriteria',
    'sellerCriteriaByRetailer',
  ];
  const unplaced = problems.filter(
    (problem) =>
      problem.field === '' ||
      !shownAtFields.some(
        (field) => problem.field === field || problem.field.startsWith(`${field}.`),
      ),
  );

  return (
    <section aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">Order defaults</h2>
      <p class="hint">
        Every new order in the popup starts from these; each order can change them.
      </p>
      <AddressesEditor
        addresses={draft.addresses}
        defaultId={draft.defaultAddressId}
        onChange={(addresses, defaultAddressId) => change({ addresses, defaultAddressId })}
      />
      <SelectField
        label="Ordering mode"
        value={draft.mode}
        options={
          [
            ['managed', 'Managed accounts: the service orders (amazon, amazon_uk)'],
            ['own', 'My own retailer account: logins and cards from the vault'],
          ] as const
        }
        onChange={(mode) => change({ mode })}
      />

      <SellerCriteriaDefaults value={draft} onChange={change} problems={problems} />

      <fieldset>
        <legend>Shipping</legend>
        <SelectField
          label="Shipping preference"
          value={draft.shipping.kind === 'method' ? draft.shipping.method : 'object'}
          options={[
            ...SHIPPING_METHODS.map((method) => [method, `Method: ${method}`] as const),
            ['object', 'Limits: by price or speed, days, cost'] as const,
          ]}
          onChange={(value) =>
            change({
              shipping:
                value === 'object'
                  ? { kind: 'object', shipping: { order_by: 'price' } }
                  : { kind: 'method', method: value },
            })
          }
        />
        {draft.shipping.kind === 'object' && (
          <div class="grid">
            <SelectField
              label="Choose shipping by"
              value={draft.shipping.shipping.order_by ?? 'price'}
              options={
                [
                  ['price', 'Price: the cheapest within the limits'],
                  ['speed', 'Speed: the fastest within the limits'],
                ] as const
              }
              onChange={(order_by) =>
                change({ shipping: { kind: 'object', shipping: { order_by } } })
              }
            />
            {numberField(
              'maxDays',
              'Arrives in fewer than (days)',
              'shipping.shipping.max_days',
              'Optional.',
              'numeric',
            )}
            {numberField(
              'shipMax',
              'Shipping costs at most',
              'shipping.shipping.max_price',
              'Optional.',
            )}
          </div>
        )}
      </fieldset>

      <fieldset>
        <legend>Price guard</legend>
        <p class="hint">
          Each order’s maximum price starts at the page price times the quantity, plus these.
        </p>
        <div class="grid">
          {numberField('percent', 'Max price tolerance (%)', 'maxPriceTolerance.percent')}
          {numberField('amount', 'Max price tolerance (amount)', 'maxPriceTolerance.amountCents')}
        </div>
      </fieldset>

      <fieldset>
        <legend>Gifts</legend>
        <CheckField
          label="Send orders as gifts"
          checked={draft.gift.isGift}
          onChange={(isGift) => change({ gift: { ...draft.gift, isGift } })}
        />
        <TextField
          label="Default gift message"
          multiline
          value={draft.gift.message}
          onInput={(message) => change({ gift: { ...draft.gift, message } })}
          error={errorAt('gift.message', 'Default gift message')}
          hint="At most 240 characters or 9 lines."
        />
      </fieldset>

      <fieldset>
        <legend>Managed orders</legend>
        <div class="grid">
          {numberField(
            'discount',
            'Managed discount (%)',
            'managed.discount',
            'From -50 to 0: lower is served first.',
          )}
          {numberField(
            'timeout',
            'Queue timeout (seconds)',
            'managed.queueTimeoutSeconds',
            'The service’s default is 14400 (4 hours).',
            'numeric',
          )}
          {numberField(
            'bid',
            'Priority bid',
            'managed.priorityBidCents',
            'An amount, such as 1.50.',
          )}
          {numberField(
            'waiting',
            'Waiting is long after (minutes)',
            'managedWaitingMinutes',
            undefined,
            'numeric',
          )}
        </div>
        <CheckField
          label="Non-prime account (prime opt-out)"
          checked={draft.managed.primeOptout}
          onChange={(primeOptout) => change({ managed: { ...draft.managed, primeOptout } })}
        />
      </fieldset>

      <fieldset>
        <legend>Webhooks passed to the service</legend>
        <p class="hint">
          Buyline follows orders by polling; these addresses of yours also get the service’s calls.
        </p>
        {WEBHOOK_KEYS.map((key) => {
          const label = `Webhook: ${key.replaceAll('_', ' ')}`;
          return (
            <TextField
              key={key}
              label={label}
              type="url"
              value={draft.webhooks[key] ?? ''}
              onInput={(url) => change({ webhooks: { ...draft.webhooks, [key]: url } })}
              error={errorAt(`webhooks.${key}`, label)}
            />
          );
        })}
      </fieldset>

      <fieldset>
        <legend>Notifications and checks</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <CheckField
            key={kind}
            label={NOTIFICATION_LABELS[kind]}
            checked={draft.notifications[kind]}
            onChange={(on) => change({ notifications: { ...draft.notifications, [kind]: on } })}
          />
        ))}
        <div class="grid">
          {numberField(
            'fast',
            'Check orders being placed every (seconds)',
            'polling.fastSeconds',
            'From 2 to 60.',
            'numeric',
          )}
          {numberField(
            'tracking',
            'Check tracking every (minutes)',
            'polling.trackingMinutes',
            'From 5 to 1440.',
            'numeric',
          )}
          {numberField(
            'idle',
            'Lock the vault after idle (minutes)',
            'vaultIdleLockMinutes',
            'From 1 to 1440.',
            'numeric',
          )}
        </div>
      </fieldset>

      {unplaced.map((problem) => (
        <p key={problem.message} class="error" role="alert">
          {problem.message}
        </p>
      ))}
      <div class="row">
        <button type="button" class="primary" disabled={state === 'saving'} onClick={save}>
          Save defaults
        </button>
      </div>
      {state === 'saved' && <p role="status">Defaults saved.</p>}
      {state === 'changed' && problems.length === 0 && (
        <p class="hint">Changes are kept once you save the defaults.</p>
      )}
      {unplaced.length < problems.length && (
        <p class="error" role="alert">
          Not saved: correct the fields marked above.
        </p>
      )}
    </section>
  );
}
