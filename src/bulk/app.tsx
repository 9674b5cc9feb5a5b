import { useEffect, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import { moment } from '../ui/formats.ts';
import { useBackground } from '../ui/use-background.ts';
import { BatchPage, STAGE_WORDS } from './batch-page.tsx';
import { NewBatch } from './new-batch.tsx';

/** The batch the address names (#batch=…), so a reopened page shows it again. */
const batchOfHash = () => new URLSearchParams(location.hash.slice(1)).get('batch') || undefined;

/** Batches to open again, newest first: those the background says are `current`, or the others. */
function BatchesList(props: { current: boolean; onOpen: (id: string) => void }) {
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

/** The Bulk orders page: a new batch from a file, or a batch under way. */
export function BulkApp() {
  const [batchId, setBatchId] = useState(batchOfHash);
  useEffect(() => {
    const follow = () => setBatchId(batchOfHash());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const open = (id: string | undefined) => {
    history.replaceState(null, '', id ? `#batch=${encodeURIComponent(id)}` : location.pathname);
    setBatchId(id);
  };
  return (
    <main>
      <h1>{t('bulk_title')}</h1>
      {batchId ? (
        <BatchPage key={batchId} batchId={batchId} onNew={() => open(undefined)} />
      ) : (
        <>
          {/* Only here: a running batch's every step would have the list read again. */}
          <BatchesList current onOpen={open} />
          <NewBatch onStarted={open} />
          <BatchesList current={false} onOpen={open} />
        </>
      )}
    </main>
  );
}
