import { useBackground } from '../ui/use-background.ts';
import { BATCH_STATES } from './status-words.ts';

/** Earlier batches, newest first, to open again. */
export function BatchesList(props: { onOpen: (id: string) => void }) {
  const batches = useBackground((c) => c.call('bulk.list', {}), ['bulk']);
  const others = batches.data ?? [];
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="batches-heading">
      <h2 id="batches-heading">Earlier batches</h2>
      <ul>
        {others.map((batch) => (
          <li key={batch.id}>
            <button type="button" class="link" onClick={() => props.onOpen(batch.id)}>
              {batch.name}
            </button>{' '}
            <span class="hint">
              {new Date(batch.createdAt).toLocaleString()}: {BATCH_STATES[batch.state]},{' '}
              {batch.counts.placed} placed, {batch.counts.failed} failed of {batch.orders}.
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
