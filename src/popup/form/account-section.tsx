import type { RetailerInfo } from '../../api/retailers.ts';
import { isManaged } from '../../shared/order-request-from-form.ts';
import type { VaultStatus } from '../../shared/vault-items.ts';
import { CheckField, SelectField, TextField } from '../../ui/fields.tsx';
import { Section } from '../../ui/section.tsx';
import type { SectionProps } from './types.ts';

type SecretKind = 'credentials' | 'payment' | 'billing';

/**
 * Whose account orders: a managed account (where the retailer offers one), with its
 * bidding options, or the user's own, with the login, card and billing address chosen
 * from the vault by label (the background adds the secrets themselves).
 */
export function AccountSection(
  props: SectionProps & {
    retailer: RetailerInfo | undefined;
    vault: VaultStatus;
    currency: string;
  },
) {
  const { draft, onChange, retailer, vault } = props;
  const managed = isManaged(draft);
  const setManaged = (change: Partial<typeof draft.managed>) =>
    onChange({ ...draft, managed: { ...draft.managed, ...change } });
  const setSecrets = (change: Partial<typeof draft.secrets>) =>
    onChange({ ...draft, secrets: { ...draft.secrets, ...change } });
  const choices = (kind: SecretKind) => [
    ['', 'Choose…'] as const,
    ...vault.items
      .filter(
        (item) =>
          item.kind === kind && (kind !== 'credentials' || item.retailer === draft.retailer),
      )
      .map((item) => [item.id, item.label] as const),
  ];

  return (
    <>
      {retailer?.managed ? (
        <CheckField
          label="Order with a managed account"
          checked={draft.mode === 'managed'}
          onChange={(on) => onChange({ ...draft, mode: on ? 'managed' : 'own' })}
          problems={['addax']}
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
              onInput={(discount) => setManaged({ discount })}
              problems={['managed_discount']}
            />
            <TextField
              label="Queue timeout (seconds)"
              inputMode="numeric"
              value={draft.managed.queueTimeout}
              onInput={(queueTimeout) => setManaged({ queueTimeout })}
              problems={['addax_queue_timeout']}
            />
            <TextField
              label={`Priority bid (${props.currency})`}
              inputMode="decimal"
              value={draft.managed.bid}
              onInput={(bid) => setManaged({ bid })}
              problems={['managed_priority_bid']}
            />
            <CheckField
              label="Non-prime account"
              checked={draft.managed.primeOptout}
              onChange={(primeOptout) => setManaged({ primeOptout })}
              problems={['managed_prime_optout']}
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
            options={choices('credentials')}
            onChange={(credentialsId) => setSecrets({ credentialsId })}
            problems={['retailer_credentials']}
            problemText="Choose the retailer login to order with (saved in Options)."
          />
          <SelectField
            label="Payment"
            value={draft.secrets.paymentId}
            options={choices('payment')}
            onChange={(paymentId) => setSecrets({ paymentId })}
            problems={['payment_method']}
            problemText="Choose a card or the gift balance to pay with (saved in Options)."
          />
          <SelectField
            label="Billing address"
            value={draft.secrets.billingId}
            options={choices('billing')}
            onChange={(billingId) => setSecrets({ billingId })}
            problems={['billing_address']}
            problemText="Choose the billing address (saved in Options)."
          />
        </Section>
      )}
    </>
  );
}
