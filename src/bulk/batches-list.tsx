import { t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import { moment } from '../ui/formats.ts';
import { useBackground } from '../ui/use-background.ts';
import { STAGE_WORDS } from './status-words.ts';

/** Batches to open again, newest first: those the background says are `current`, or the others. */
export function BatchesList(props: { current: boolean; onOpen: (id: string) => void }) {
  const list = useBackground((c) => c.call('bulk.list', {}), ['bulk']);
  const batches = (list.data ?? []).filter((batch) => batch.current === props.current);
  if (batches.length === 0) return null;
  const id = props.current ? 'current-batches' : 'batches-heading';
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t(props.current ? 'bulk_currentBatches' : 'bulk_earlierBatches')}</h2>
      <ul>
        {batches.map((batch) => (
          <li key={batch.id}>
            <button type="button" class="link" onClick={() => props.onOpen(batch.id)}>
              {batch.name}
            </button>{' '}
            <span class="hint">
              {t(
                'bulk_batchLine',
                moment(batch.createdAt) ?? '',
                t(STAGE_WORDS[batch.stage]),
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
