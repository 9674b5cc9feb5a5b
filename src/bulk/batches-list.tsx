import { t } from '../shared/i18n.ts';
import { dateFormat, formatCount, userLocale } from '../shared/locale-format.ts';
import { useBackground } from '../ui/use-background.ts';
import { batchStateText } from './status-words.ts';

/** Earlier batches, newest first, to open again. */
export function BatchesList(props: { onOpen: (id: string) => void }) {
  const batches = useBackground((c) => c.call('bulk.list', {}), ['bulk']);
  const others = batches.data ?? [];
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="batches-heading">
      <h2 id="batches-heading">{t('bulk_earlierBatches')}</h2>
      <ul>
        {others.map((batch) => (
          <li key={batch.id}>
            <button type="button" class="link" onClick={() => props.onOpen(batch.id)}>
              {batch.name}
            </button>{' '}
            <span class="hint">
              {t(
                'bulk_batchLine',
                formatMoment(batch.createdAt),
                batchStateText(batch.state),
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
