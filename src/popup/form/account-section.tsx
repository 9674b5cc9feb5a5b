import type { RetailerInfo } from '../../api/retailers.ts';
import { t } from '../../shared/i18n.ts';
import type { Draft } from '../../shared/order-form-model.ts';
import { isManaged } from '../../shared/order-request-from-form.ts';
import type { VaultStatus } from '../../shared/vault-items.ts';
import { CheckField, SelectField, TextField } from '../../ui/fields.tsx';
import { Section } from '../../ui/section.tsx';
import { VaultUnlock } from '../later.ts';
import type { SectionProps } from './types.ts';

type SecretKind = 'credentials' | 'payment' | 'billing';

/** The account in one line: "Managed · no discount · 4 h queue", "Your account · Visa ending 4242". */
export function accountLine(draft: Draft, vault: VaultStatus): string {
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
      : t('popup_queueSeconds', draft.managed.queueTimeout),
  ].join(' · ');
}

/**
 * Whose account orders: a managed account (where the retailer offers one), with its
 * bidding options, or the user's own, with the login, card and billing address chosen
 * from the vault by label (the background adds the secrets themselves). Folded to its
 * line; open while a locked vault asks for its passphrase.
 */
export function AccountSection(
  props: SectionProps & {
    retailer: RetailerInfo | undefined;
    vault: VaultStatus;
    currency: string;
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
  const secret = (
    kind: SecretKind,
    label: string,
    key: keyof typeof draft.secrets,
    problem: string,
    text: string,
  ) => (
    <SelectField
      label={label}
      value={draft.secrets[key]}
      options={[
        ['', t('popup_choose')],
        ...vault.items
          .filter(
            (item) =>
              item.kind === kind && (kind !== 'credentials' || item.retailer === draft.retailer),
          )
          .map((item) => [item.id, item.label] as const),
      ]}
      onChange={(id) => setSecrets({ [key]: id })}
      problems={[problem]}
      problemText={text}
    />
  );

  return (
    <Section title={accountLine(draft, vault)} open={locked}>
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
          <TextField
            label={t('popup_discount')}
            inputMode="decimal"
            value={draft.managed.discount}
            onInput={(discount) => setManaged({ discount })}
            problems={['managed_discount']}
          />
          <TextField
            label={t('popup_queueTimeout')}
            inputMode="numeric"
            value={draft.managed.queueTimeout}
            onInput={(queueTimeout) => setManaged({ queueTimeout })}
            problems={['addax_queue_timeout']}
          />
          <TextField
            label={t('popup_bid', props.currency)}
            inputMode="decimal"
            value={draft.managed.bid}
            onInput={(bid) => setManaged({ bid })}
            problems={['managed_priority_bid']}
          />
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
          {secret(
            'credentials',
            t('popup_login'),
            'credentialsId',
            'retailer_credentials',
            t('popup_chooseLogin'),
          )}
          {secret(
            'payment',
            t('popup_payment'),
            'paymentId',
            'payment_method',
            t('popup_choosePayment'),
          )}
          {secret(
            'billing',
            t('popup_billing'),
            'billingId',
            'billing_address',
            t('popup_chooseBilling'),
          )}
        </>
      )}
    </Section>
  );
}
