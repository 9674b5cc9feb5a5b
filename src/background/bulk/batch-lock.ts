/**
 * One change of a batch at a time within this worker, so its record (cursor, window,
 * state, finish notice) is never read and written by two at once. (A worker is the
 * only one running.) A task under the lock must never wait for anything that takes the
 * same batch's lock: handing an order over only adds it to the history, which never
 * checks whether a batch finished, so the runner's own steps cannot deadlock.
 */
const locks = new Map<string, Promise<unknown>>();

export function withBatch<T>(batchId: string, task: () => Promise<T>): Promise<T> {
  const previous = locks.get(batchId) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.catch(() => undefined);
  locks.set(batchId, settled);
  void settled.then(() => {
    if (locks.get(batchId) === settled) locks.delete(batchId);
  });
  return run;
}
