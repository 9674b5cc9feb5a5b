import { useEffect, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { BatchPage } from './batch-page.tsx';
import { BatchesList } from './batches-list.tsx';
import { NewBatch } from './new-batch.tsx';

/** The batch the address names (#batch=…), so a reopened page shows it again. */
const batchOfHash = () => new URLSearchParams(location.hash.slice(1)).get('batch') || undefined;

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
