/**
 * A sandbox that answers a repeated idempotency key with 409 `already_exists` instead of
 * the first answer, as the service's newer API version does (decisions.md, "Duplicate
 * protection"): the sandbox's own switch. By default its 409 carries no request id, so
 * the order must be found again through its reference in the list (the harder path);
 * `POST /_control/repeated-key` switches to the answer that carries the id.
 */
import { type RunningSandbox, startSandbox } from '../../../sandbox/index.ts';
import type { SeenRequest } from './sandbox-env.ts';

export type RepeatedKeyAnswer = 'already_exists' | 'already_exists_without_id';

export async function startAlreadyExistsSandbox(
  seen: SeenRequest[],
  processingMs = 150,
  answer: RepeatedKeyAnswer = 'already_exists_without_id',
): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    processingMs,
    control: true,
    seed: 7,
    onRequest: (request: { method: string; path: string }) =>
      seen.push({ at: Date.now(), ...request }),
    repeatedKey: answer,
  });
}
