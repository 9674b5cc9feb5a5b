import { useEffect, useState } from 'preact/hooks';
import type { BatchSummary } from '../shared/bulk/types.ts';
import { t } from '../shared/i18n.ts';
import { formatCount } from '../shared/locale-format.ts';
import { moment } from '../ui/formats.ts';
import { useBackground } from '../ui/use-background.ts';
import { BatchPage } from './batch-page.tsx';
import { NewBatch } from './new-batch.tsx';

/** The batch the address names (#batch=…), so a reopened page shows it again. */
const batchOfHash = () => new URLSearchParams(location.hash.slice(1)).get('batch') || undefined;

/** What the page shows: a batch, the new batch form, or (no choice yet) the current batch. */
type Choice = string | 'new' | undefined;

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
                batch.words.stage,
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

/**
 * The other batches beside the one shown, a click away: names and when they began, read
 * once (a running batch's every step would have the whole list read again).
 */
function OtherBatches(props: {
  batches: BatchSummary[];
  shown: string;
  onOpen: (id: string) => void;
}) {
  const others = props.batches.filter((batch) => batch.id !== props.shown);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="other-batches">
      <h2 id="other-batches">{t('bulk_otherBatches')}</h2>
      <ul>
        {others.map((batch) => (
          <li key={batch.id}>
            <button type="button" class="link" onClick={() => props.onOpen(batch.id)}>
              {batch.name}
            </button>{' '}
            <span class="hint">{moment(batch.createdAt) ?? ''}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Bulk orders page: the batch the address names; else, on opening, the current batch
 * (the newest under way) with its rows and controls; else a new batch from a file.
 */
export function BulkApp() {
  const [choice, setChoice] = useState<Choice>(batchOfHash);
  useEffect(() => {
    // A batch named in the address is shown; an address without one leaves the choice.
    const follow = () => {
      const named = batchOfHash();
      if (named) setChoice(named);
    };
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  // Read once, as the page opens: which batch is under way, and the others to offer.
  const opening = useBackground((c) => c.call('bulk.list', {}), []);
  const open = (id: string | undefined) => {
    history.replaceState(null, '', id ? `#batch=${encodeURIComponent(id)}` : location.pathname);
    setChoice(id ?? 'new');
  };
  const batchId =
    choice === 'new' ? undefined : (choice ?? opening.data?.find((batch) => batch.current)?.id);
  // Without a choice, nothing is drawn until the background says whether a batch runs.
  const deciding = choice === undefined && opening.data === undefined && !opening.error;
  return (
    <main>
      <h1>{t('bulk_title')}</h1>
      {deciding ? null : batchId ? (
        <>
          <BatchPage key={batchId} batchId={batchId} onNew={() => open(undefined)} />
          <OtherBatches batches={opening.data ?? []} shown={batchId} onOpen={open} />
        </>
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
