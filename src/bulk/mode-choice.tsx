import type { BulkOptions, SecretChoice } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { retailerName } from '../shared/retailer-names.ts';
import type { VaultLabel } from '../shared/vault-items.ts';
import { SelectField } from '../ui/fields.tsx';
import { useBackground } from '../ui/use-background.ts';

const KINDS: readonly (readonly [keyof SecretChoice, VaultLabel['kind'], MessageKey])[] = [
  ['credentialsId', 'credentials', 'bulk_retailerLogin'],
  ['paymentId', 'payment', 'bulk_paymentMethod'],
  ['billingId', 'billing', 'bulk_billingAddress'],
];
const NO_SECRETS: SecretChoice = { credentialsId: '', paymentId: '', billingId: '' };

/** How the whole batch orders: managed accounts, or the user's own with vault items chosen once. */
export function ModeChoice(props: {
  options: BulkOptions;
  onChange: (options: BulkOptions) => void;
}) {
  const vault = useBackground((c) => c.call('vault.status', {}), ['vault']);
  const secrets = props.options.secrets ?? NO_SECRETS;
  const itemName = (item: VaultLabel) =>
    item.retailer ? t('bulk_itemAtRetailer', item.label, retailerName(item.retailer)) : item.label;
  return (
    <fieldset>
      <legend>{t('bulk_orderWith')}</legend>
      <SelectField<BulkOptions['mode']>
        label={t('bulk_mode')}
        value={props.options.mode}
        options={[
          ['managed', t('bulk_modeManagedAccounts')],
          ['own', t('bulk_modeOwn')],
        ]}
        onChange={(mode) => props.onChange(mode === 'own' ? { mode, secrets } : { mode })}
      />
      {props.options.mode === 'own' && vault.data?.unlocked && (
        <div class="grid">
          {KINDS.map(([field, kind, label]) => (
            <SelectField
              key={field}
              label={t(label)}
              value={secrets[field]}
              options={[
                ['', t('bulk_choose')],
                ...(vault.data?.items ?? [])
                  .filter((item) => item.kind === kind)
                  .map((item) => [item.id, itemName(item)] as const),
              ]}
              onChange={(value) =>
                props.onChange({ mode: 'own', secrets: { ...secrets, [field]: value } })
              }
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
