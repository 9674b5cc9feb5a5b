import { useId } from 'preact/hooks';
import type { BulkOptions, SecretChoice } from '../shared/bulk/types.ts';
import type { VaultLabel } from '../shared/vault-items.ts';
import { useBackground } from '../ui/use-background.ts';

const KINDS = [
  ['credentialsId', 'credentials', 'Retailer login'],
  ['paymentId', 'payment', 'Payment method'],
  ['billingId', 'billing', 'Billing address'],
] as const;

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
        <option value="">Choose…</option>
        {props.items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.retailer ? `${item.label} (${item.retailer})` : item.label}
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
      <legend>Order with</legend>
      <div class="field">
        <label for={id}>Ordering mode</label>
        <select
          id={id}
          value={props.options.mode}
          onChange={(event) => {
            const mode = (event.currentTarget as HTMLSelectElement).value as BulkOptions['mode'];
            props.onChange(mode === 'own' ? { mode, secrets } : { mode });
          }}
        >
          <option value="managed">Managed accounts (addax)</option>
          <option value="own">My own retailer account</option>
        </select>
      </div>
      {props.options.mode === 'own' && vault.data?.unlocked && (
        <div class="grid">
          {KINDS.map(([field, kind, label]) => (
            <ItemSelect
              key={field}
              label={label}
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
