import { WEBHOOK_KEYS } from '../../api/contract-constants.ts';
import { TextField } from '../../ui/fields.tsx';
import { Group } from '../../ui/section.tsx';
import type { DefaultsPartProps } from './types.ts';

export function WebhookDefaults({ draft, change }: DefaultsPartProps) {
  return (
    <Group legend="Webhooks passed to the service">
      <p class="hint">
        Buyline follows orders by polling; these addresses of yours also get the service’s calls.
      </p>
      {WEBHOOK_KEYS.map((key) => (
        <TextField
          key={key}
          label={`Webhook: ${key.replaceAll('_', ' ')}`}
          type="url"
          value={draft.webhooks[key] ?? ''}
          onInput={(url) => change({ webhooks: { ...draft.webhooks, [key]: url } })}
          problems={[`webhooks.${key}`]}
        />
      ))}
    </Group>
  );
}
