import type { RetailerInfo } from '../../api/retailers.ts';
import { RETAILERS } from '../../api/retailers.ts';
import { t } from '../../shared/i18n.ts';
import type { Draft, DraftItem } from '../../shared/order-form-model.ts';
import { isManaged } from '../../shared/order-request-from-form.ts';
import type { Settings } from '../../shared/settings.ts';
import type { VaultStatus } from '../../shared/vault-items.ts';
import { MinutesField, secondsAsMinutes } from '../../ui/duration-field.tsx';
import { CheckField, SelectField, TextField } from '../../ui/fields.tsx';
import { money } from '../../ui/formats.ts';
import { Section } from '../../ui/section.tsx';
import { OneOffAddressFields, VaultUnlock } from '../later.ts';
import { fitting, SECRETS } from '../use-order-draft.ts';
import { maxPriceTrouble } from './max-price.ts';
import { currencyOf, NEW_ADDRESS, type SectionProps } from './types.ts';

/**
 * The item with the field's text: a whole number is the quantity; any other text
 * ("1.5", "abc") is kept as the buyer typed it, never turned into a number.
 */
function withQuantity(item: DraftItem, text: string): DraftItem {
  const { quantityText: _, ...rest } = item;
  return /^\s*\d+\s*$/.test(text)
    ? { ...rest, quantity: Number(text) }
    : { ...rest, quantityText: text };
}

/** How many of each product; a change moves the suggested maximum price with it. */
export function Quantities({ draft, onChange }: SectionProps) {
  return (
    <>
      {draft.items.map((item, index) => (
        <TextField
          key={item.productId}
          label={
            draft.items.length === 1
              ? t('popup_quantity')
              : t('popup_quantityOf', item.title ?? item.productId)
          }
          inputMode="numeric"
          value={item.quantityText ?? String(item.quantity)}
          problems={[`products.${index}.quantity`, `products.${index}.product_id`]}
          onInput={(value) =>
            onChange({
              ...draft,
              items: draft.items.map((entry, at) =>
                at === index ? withQuantity(entry, value) : entry,
              ),
            })
          }
        />
      ))}
    </>
  );
}

/** The most the order may cost (the max_price guard), in the storefront's currency. */
export function MaxPrice({ draft, onChange }: SectionProps) {
  return (
    <TextField
      label={t('popup_maxPrice', currencyOf(draft))}
      inputMode="decimal"
      value={draft.maxPrice}
      onInput={(maxPrice) => onChange({ ...draft, maxPrice, maxPriceEdited: true })}
      problems={['max_price']}
      // Marked at the field as soon as the buyer typed what cannot be sent.
      error={draft.maxPrice.trim() ? maxPriceTrouble(draft) : undefined}
    />
  );
}

/** Where the order goes: a saved address, or one typed or pasted for this order. */
export function ShipTo(props: SectionProps & { settings: Settings }) {
  const { draft, onChange } = props;
  const addresses = props.settings.addresses;
  return (
    <>
      <SelectField
        label={t('popup_shipTo')}
        value={draft.addressId}
        options={[
          ...(addresses.length === 0 ? [['', t('popup_noSavedAddress')] as const] : []),
          ...addresses.map((entry) => [entry.id, entry.label] as const),
          [NEW_ADDRESS, t('popup_newAddress')],
        ]}
        onChange={(addressId) => onChange({ ...draft, addressId })}
        // A one-off address's problems are shown at its own fields.
        problems={draft.addressId === NEW_ADDRESS ? [] : ['shipping_address']}
      />
      {draft.addressId === NEW_ADDRESS && <OneOffAddressFields {...props} />}
    </>
  );
}

/**
 * What is being ordered: the product in view (image, title, the page's price) or the
 * cart. A page with no price says so rather than guess one; an unavailable item is
 * warned of, and can still be ordered.
 */
export function ProductHeader(props: {
  draft: Draft;
  image?: string | undefined;
  /** The page was read: a missing price is the page's, not a product typed by hand. */
  fromPage: boolean;
  unavailable: boolean;
}) {
  const { draft } = props;
  const single = draft.items.length === 1 ? draft.items[0] : undefined;
  return (
    <>
      <header class="product">
        {props.image && <img src={props.image} alt="" width={48} height={48} />}
        <div>
          <h2>
            {draft.items.length > 1
              ? t('popup_cart', draft.items.length)
              : (single?.title ?? single?.productId)}
          </h2>
          <p class="hint">
            {draft.retailer && RETAILERS[draft.retailer].storefront} ·{' '}
            {draft.items.map((item) => item.productId).join(', ')}
            {single?.priceCents !== undefined && (
              <>
                {' · '}
                {t('popup_pagePrice')} <strong>{money(single.priceCents, single.currency)}</strong>
              </>
            )}
          </p>
        </div>
      </header>
      {props.fromPage && single && single.priceCents === undefined && (
        <p class="hint">{t('popup_noPagePrice')}</p>
      )}
      {props.unavailable && <p class="warning">{t('popup_unavailable')}</p>}
    </>
  );
}

/**
 * The account in one line: "Managed account · no discount · waits up to 4 hours",
 * "Your account · Visa ending 4242"; the wait in hours or minutes, as a person says it.
 */
function accountLine(draft: Draft, vault: VaultStatus): string {
  if (!isManaged(draft))
    return `${t('popup_ownAccount')} · ${
      vault.items.find((item) => item.id === draft.secrets.paymentId)?.label ??
      t(vault.unlocked ? 'popup_chooseCard' : 'popup_vaultLocked')
    }`;
  const discount = draft.managed.discount.trim();
  const queue = Number(draft.managed.queueTimeout);
  return [
    t('popup_managed'),
    discount && Number(discount) !== 0 ? t('popup_discountOf', discount) : t('popup_noDiscount'),
    queue > 0 && queue % 3600 === 0
      ? t('popup_queueHours', queue / 3600)
      : Number.isFinite(queue) && queue > 0
        ? t('popup_queueMinutes', secondsAsMinutes(draft.managed.queueTimeout))
        : t('popup_queueUnset'),
  ].join(' · ');
}

/** The managed account's options: the form's key, label, keyboard and the request's field. */
const MANAGED = [
  ['discount', 'popup_discount', 'decimal', 'managed_discount'],
  ['queueTimeout', 'popup_queueTimeout', 'numeric', 'addax_queue_timeout'],
  ['bid', 'popup_bid', 'decimal', 'managed_priority_bid'],
] as const;

/**
 * Whose account orders: a managed one (where the retailer offers it) with its bidding
 * options, or the user's own, with vault items chosen by label (the background adds the
 * secrets). Open while a locked vault asks for its passphrase.
 */
export function AccountSection(
  props: SectionProps & {
    retailer: RetailerInfo | undefined;
    vault: VaultStatus;
    onVault: (vault: VaultStatus) => void;
  },
) {
  const { draft, onChange, retailer, vault } = props;
  const managed = isManaged(draft);
  const locked = !managed && vault.exists && !vault.unlocked;
  const setManaged = (change: Partial<typeof draft.managed>) =>
    onChange({ ...draft, managed: { ...draft.managed, ...change } });
  const setSecrets = (change: Partial<typeof draft.secrets>) =>
    onChange({ ...draft, secrets: { ...draft.secrets, ...change } });
  return (
    <Section title={accountLine(draft, vault)} open={locked}>
      {() => (
        <>
          {retailer?.managed ? (
            <CheckField
              label={t('popup_useManaged')}
              checked={draft.mode === 'managed'}
              onChange={(on) => onChange({ ...draft, mode: on ? 'managed' : 'own' })}
              problems={['addax']}
            />
          ) : (
            retailer && <p class="hint">{t('popup_ownOnly', retailer.storefront)}</p>
          )}
          {managed ? (
            <div class="grid">
              {MANAGED.map(([key, label, mode, problem]) =>
                key === 'queueTimeout' ? (
                  // Typed in minutes; the service counts seconds.
                  <MinutesField
                    key={key}
                    label={t(label)}
                    seconds={draft.managed.queueTimeout}
                    onInput={(queueTimeout) => setManaged({ queueTimeout })}
                    problems={[problem]}
                  />
                ) : (
                  <TextField
                    key={key}
                    label={t(label, currencyOf(draft))}
                    inputMode={mode}
                    value={draft.managed[key]}
                    onInput={(value) => setManaged({ [key]: value })}
                    problems={[problem]}
                  />
                ),
              )}
              <CheckField
                label={t('popup_nonPrime')}
                checked={draft.managed.primeOptout}
                onChange={(primeOptout) => setManaged({ primeOptout })}
                problems={['managed_prime_optout']}
              />
            </div>
          ) : (
            <>
              {locked && <VaultUnlock onUnlocked={props.onVault} />}
              {!vault.exists && <p class="hint">{t('popup_noVault')}</p>}
              {SECRETS.map(([key, kind, problem, label, choose]) => (
                <SelectField
                  key={key}
                  label={t(label)}
                  value={draft.secrets[key]}
                  options={[
                    ['', t('popup_choose')],
                    ...fitting(vault.items, kind, draft.retailer).map(
                      (item) => [item.id, item.label] as const,
                    ),
                  ]}
                  onChange={(id) => setSecrets({ [key]: id })}
                  problems={[problem]}
                  problemText={t(choose)}
                />
              ))}
            </>
          )}
        </>
      )}
    </Section>
  );
}
