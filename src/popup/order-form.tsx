import { RETAILERS } from '../api/retailers.ts';
import { WEBHOOK_KEYS } from '../api/schemas/common.ts';
import {
  countLines,
  GIFT_MESSAGE_MAX_CHARS,
  GIFT_MESSAGE_MAX_LINES,
} from '../api/schemas/order-request.ts';
import { SHIPPING_METHODS } from '../api/schemas/shipping.ts';
import { formatCents } from '../shared/money.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { parseMoney } from './build-request.ts';
import { CriteriaFields } from './criteria-fields.tsx';
import type { Draft } from './draft.ts';
import { CheckField, Section, SelectField, TextField } from './fields.tsx';

interface Props {
  draft: Draft;
  settings: Settings;
  vault: VaultStatus;
  onChange: (draft: Draft) => void;
  errorOf: (field: string) => string | undefined;
}

/** One line that says what will happen: what, where to, at most what price, which mode. */
export function summaryOf(draft: Draft, settings: Settings): string {
  const count = draft.items.reduce((sum, item) => sum + item.quantity, 0);
  const what =
    draft.items.length === 1
      ? `${count} × ${draft.items[0]?.title ?? draft.items[0]?.productId}`
      : `${count} items`;
  const address = settings.addresses.find((entry) => entry.id === draft.addressId);
  const where = address ? `to ${address.address.city}` : 'to no address yet';
  const currency =
    draft.items[0]?.currency ?? (draft.retailer ? RETAILERS[draft.retailer].currency : 'USD');
  const max = parseMoney(draft.maxPrice);
  const price =
    max === undefined || Number.isNaN(max)
      ? 'no price limit'
      : `at most ${formatCents(max, currency)}`;
  const managed =
    draft.mode === 'managed' && draft.retailer !== '' && RETAILERS[draft.retailer].managed;
  return `${what} ${where}, ${price}, ${managed ? 'managed account' : 'your account'}`;
}

export function OrderForm({ draft, settings, vault, onChange, errorOf }: Props) {
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    onChange({ ...draft, [key]: value });
  const retailer = draft.retailer ? RETAILERS[draft.retailer] : undefined;
  const managedOffered = retailer?.managed ?? false;
  const managed = managedOffered && draft.mode === 'managed';
  const currency = draft.items[0]?.currency ?? retailer?.currency ?? 'USD';
  const label = (kind: 'credentials' | 'payment' | 'billing') => [
    ['', 'Choose…'] as const,
    ...vault.items
      .filter(
        (item) =>
          item.kind === kind && (kind !== 'credentials' || item.retailer === draft.retailer),
      )
      .map((item) => [item.id, item.label] as const),
  ];
  const giftChars = draft.giftMessage.length;
  const giftLines = countLines(draft.giftMessage);

  return (
    <div class="form">
      {draft.items.map((item, index) => (
        <TextField
          key={item.productId}
          label={`Quantity of ${item.title ?? item.productId}`}
          inputMode="numeric"
          value={String(item.quantity)}
          error={errorOf(`products.${index}.quantity`)}
          onInput={(value) => {
            const quantity = Number(value);
            set(
              'items',
              draft.items.map((entry, at) =>
                at === index
                  ? { ...entry, quantity: Number.isFinite(quantity) ? quantity : 0 }
                  : entry,
              ),
            );
          }}
        />
      ))}
      <SelectField
        label="Ship to"
        value={draft.addressId}
        options={[
          [
            '',
            settings.addresses.length === 0 ? 'No saved address: add one in Options' : 'Choose…',
          ],
          ...settings.addresses.map((entry) => [entry.id, entry.label] as const),
        ]}
        onChange={(value) => set('addressId', value)}
        error={errorOf('shipping_address')}
      />
      <TextField
        label={`Maximum price (${currency})`}
        inputMode="decimal"
        value={draft.maxPrice}
        onInput={(value) => onChange({ ...draft, maxPrice: value, maxPriceEdited: true })}
        error={errorOf('max_price')}
        hint="The order fails rather than cost more than this."
      />
      {managedOffered ? (
        <CheckField
          label="Order with a managed account"
          checked={draft.mode === 'managed'}
          onChange={(on) => set('mode', on ? 'managed' : 'own')}
          error={errorOf('addax')}
        />
      ) : (
        <p class="hint">
          {retailer ? `${retailer.storefront} takes orders with your own account only.` : ''}
        </p>
      )}
      {managed ? (
        <Section title="Managed account" open>
          <div class="grid">
            <TextField
              label="Discount (-50 to 0 %)"
              inputMode="decimal"
              value={draft.managed.discount}
              onInput={(value) => set('managed', { ...draft.managed, discount: value })}
              error={errorOf('managed_discount')}
            />
            <TextField
              label="Queue timeout (seconds)"
              inputMode="numeric"
              value={draft.managed.queueTimeout}
              onInput={(value) => set('managed', { ...draft.managed, queueTimeout: value })}
              error={errorOf('addax_queue_timeout')}
            />
            <TextField
              label={`Priority bid (${currency})`}
              inputMode="decimal"
              value={draft.managed.bid}
              onInput={(value) => set('managed', { ...draft.managed, bid: value })}
              error={errorOf('managed_priority_bid')}
            />
            <CheckField
              label="Non-prime account"
              checked={draft.managed.primeOptout}
              onChange={(on) => set('managed', { ...draft.managed, primeOptout: on })}
            />
          </div>
        </Section>
      ) : (
        <Section title="Your account" open>
          {!vault.unlocked && (
            <p class="hint">
              {vault.exists
                ? 'The vault is locked: unlock it in Options to choose your login and card.'
                : 'Add your retailer login and card in Options first.'}
            </p>
          )}
          <SelectField
            label="Retailer login"
            value={draft.secrets.credentialsId}
            options={label('credentials')}
            onChange={(value) => set('secrets', { ...draft.secrets, credentialsId: value })}
            error={errorOf('retailer_credentials')}
          />
          <SelectField
            label="Payment"
            value={draft.secrets.paymentId}
            options={label('payment')}
            onChange={(value) => set('secrets', { ...draft.secrets, paymentId: value })}
            error={errorOf('payment_method')}
          />
          <SelectField
            label="Billing address"
            value={draft.secrets.billingId}
            options={label('billing')}
            onChange={(value) => set('secrets', { ...draft.secrets, billingId: value })}
            error={errorOf('billing_address')}
          />
        </Section>
      )}
      <Section title="Shipping">
        <SelectField
          label="Shipping choice"
          value={draft.shippingKind}
          options={
            [
              ['method', 'A shipping method'],
              ['object', 'Limits (days, price)'],
            ] as const
          }
          onChange={(value) => set('shippingKind', value)}
        />
        {draft.shippingKind === 'method' ? (
          <SelectField
            label="Shipping method"
            value={draft.shippingMethod}
            options={SHIPPING_METHODS.map((method) => [method, method.replace('_', ' ')] as const)}
            onChange={(value) => set('shippingMethod', value)}
            error={errorOf('shipping_method')}
          />
        ) : (
          <div class="grid">
            <SelectField
              label="Order by"
              value={draft.orderBy}
              options={
                [
                  ['price', 'Price'],
                  ['speed', 'Speed'],
                ] as const
              }
              onChange={(value) => set('orderBy', value)}
              error={errorOf('shipping.order_by')}
            />
            <TextField
              label="Arrives in fewer than (days)"
              inputMode="numeric"
              value={draft.maxDays}
              onInput={(value) => set('maxDays', value)}
              error={errorOf('shipping.max_days')}
            />
            <TextField
              label={`Shipping at most (${currency})`}
              inputMode="decimal"
              value={draft.shippingMaxPrice}
              onInput={(value) => set('shippingMaxPrice', value)}
              error={errorOf('shipping.max_price')}
            />
          </div>
        )}
      </Section>
      <CriteriaFields
        criteria={draft.criteria}
        onChange={(criteria) => set('criteria', criteria)}
        errorOf={errorOf}
      />
      <Section title="Gift">
        <CheckField
          label="Send as a gift"
          checked={draft.isGift}
          onChange={(on) => set('isGift', on)}
        />
        {draft.isGift && (
          <>
            <TextField
              label="Gift message"
              multiline
              value={draft.giftMessage}
              onInput={(value) => set('giftMessage', value)}
              error={errorOf('gift_message')}
              hint={`${giftChars}/${GIFT_MESSAGE_MAX_CHARS} characters, ${giftLines}/${GIFT_MESSAGE_MAX_LINES} lines`}
            />
            <CheckField
              label="Fail if an item cannot be sent as a gift"
              checked={draft.requireGift}
              onChange={(on) => set('requireGift', on)}
            />
          </>
        )}
      </Section>
      <Section title="Advanced">
        <div class="grid">
          <TextField
            label="Promo codes (comma separated)"
            value={draft.advanced.promoCodes}
            onInput={(value) => set('advanced', { ...draft.advanced, promoCodes: value })}
            error={errorOf('promo_codes')}
          />
          <TextField
            label="Offers for postal code"
            value={draft.advanced.forcePostalCode}
            onInput={(value) => set('advanced', { ...draft.advanced, forcePostalCode: value })}
            error={errorOf('force_offers_postal_code')}
          />
          {retailer?.marketplace && (
            <>
              <TextField
                label="PO number"
                inputMode="numeric"
                value={draft.advanced.poNumber}
                onInput={(value) => set('advanced', { ...draft.advanced, poNumber: value })}
                error={errorOf('po_number')}
              />
              <TextField
                label="Day delivery name"
                value={draft.advanced.marketplaceDay}
                onInput={(value) => set('advanced', { ...draft.advanced, marketplaceDay: value })}
                error={errorOf('marketplace_day')}
              />
              <TextField
                label="Max delivery days"
                inputMode="numeric"
                value={draft.advanced.maxDeliveryDays}
                onInput={(value) => set('advanced', { ...draft.advanced, maxDeliveryDays: value })}
                error={errorOf('max_delivery_days')}
              />
            </>
          )}
          <CheckField
            label="Fail if taxed"
            checked={draft.advanced.failIfTaxed}
            onChange={(on) => set('advanced', { ...draft.advanced, failIfTaxed: on })}
          />
          <CheckField
            label="Fail if the product id expired"
            checked={draft.advanced.strictExpired}
            onChange={(on) => set('advanced', { ...draft.advanced, strictExpired: on })}
          />
          <CheckField
            label="Take the buy-box offer"
            checked={draft.advanced.takeBuybox}
            onChange={(on) => set('advanced', { ...draft.advanced, takeBuybox: on })}
          />
          <TextField
            label="Client notes (JSON)"
            multiline
            value={draft.advanced.clientNotes}
            onInput={(value) => set('advanced', { ...draft.advanced, clientNotes: value })}
            error={errorOf('client_notes')}
          />
          {WEBHOOK_KEYS.map((key) => (
            <TextField
              key={key}
              label={`Webhook ${key.replace('_', ' ')}`}
              type="url"
              value={draft.advanced.webhooks[key] ?? ''}
              onInput={(value) =>
                set('advanced', {
                  ...draft.advanced,
                  webhooks: { ...draft.advanced.webhooks, [key]: value },
                })
              }
              error={errorOf(`webhooks.${key}`)}
            />
          ))}
        </div>
      </Section>
    </div>
  );
}
