import { useId } from 'preact/hooks';
import type { BulkOptions, SecretChoice } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { retailerName } from '../shared/retailer-names.ts';
import type { VaultLabel } from '../shared/vault-items.ts';
import { useBackground } from '../ui/use-background.ts';

const KINDS: readonly (readonly [keyof SecretChoice, VaultLabel['kind'], MessageKey])[] = [
  ['credentialsId', 'credentials', 'bulk_retailerLogin'],
  ['paymentId', 'payment', 'bulk_paymentMethod'],
  ['billingId', 'billing', 'bulk_billingAddress'],
];

function ItemSelect(props: {
  label: string;
  items: VaultLabel[];
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange((event.currentTarget as HTMLSelectElement).value)}
      >
        <option value="">{t('bulk_choose')}</option>
        {props.items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.retailer
              ? t('bulk_itemAtRetailer', item.label, retailerName(item.retailer))
              : item.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How the whole batch orders: managed accounts, or the user's own with vault items chosen once. */
export function ModeChoice(props: {
  options: BulkOptions;
  onChange: (options: BulkOptions) => void;
}) {
  const id = useId();
  const vault = useBackground((c) => c.call('vault.status', {}), ['vault']);
  const secrets: SecretChoice = props.options.secrets ?? {
    credentialsId: '',
    paymentId: '',
    billingId: '',
  };
  return (
    <fieldset>
      <legend>{t('bulk_orderWith')}</legend>
      <div class="field">
        <label for={id}>{t('bulk_mode')}</label>
        <select
          id={id}
          value={props.options.mode}
          onChange={(event) => {
            const mode = (event.currentTarget as HTMLSelectElement).value as BulkOptions['mode'];
            props.onChange(mode === 'own' ? { mode, secrets } : { mode });
          }}
        >
          <option value="managed">{t('bulk_modeManagedAccounts')}</option>
          <option value="own">{t('bulk_modeOwn')}</option>
        </select>
      </div>
      {props.options.mode === 'own' && vault.data?.unlocked && (
        <div class="grid">
          {KINDS.map(([field, kind, label]) => (
            <ItemSelect
              key={field}
              label={t(label)}
              items={vault.data?.items.filter((item) => item.kind === kind) ?? []}
              value={secrets[field]}
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
