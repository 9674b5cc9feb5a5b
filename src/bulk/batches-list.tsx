import type { BatchSummary } from '../shared/bulk/types.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { dateFormat, formatCount, userLocale } from '../shared/locale-format.ts';
import { useBackground } from '../ui/use-background.ts';
import { batchStageText } from './status-words.ts';

/**
 * Batches to open again, newest first: `current` lists those still under way (the
 * background says which), else the earlier ones.
 */
export function BatchesList(props: { current: boolean; onOpen: (id: string) => void }) {
  const batches = useBackground((c) => c.call('bulk.list', {}), ['bulk']);
  return (
    <Batches
      id={props.current ? 'current-batches' : 'batches-heading'}
      heading={props.current ? 'bulk_currentBatches' : 'bulk_earlierBatches'}
      batches={(batches.data ?? []).filter((batch) => batch.current === props.current)}
      onOpen={props.onOpen}
    />
  );
}

function Batches(props: {
  id: string;
  heading: MessageKey;
  batches: BatchSummary[];
  onOpen: (id: string) => void;
}) {
  if (props.batches.length === 0) return null;
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{t(props.heading)}</h2>
      <ul>
        {props.batches.map((batch) => (
          <li key={batch.id}>
            <button type="button" class="link" onClick={() => props.onOpen(batch.id)}>
              {batch.name}
            </button>{' '}
            <span class="hint">
              {t(
                'bulk_batchLine',
                formatMoment(batch.createdAt),
                batchStageText(batch.stage),
                formatCount(batch.counts.placed),
                formatCount(batch.counts.failed),
                formatCount(batch.orders),
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** When a batch was made, date and time, as the browser's language writes them. */
function formatMoment(at: number | string): string {
  return dateFormat(userLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
}
