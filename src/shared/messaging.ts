import { browser } from './browser.ts';
import type {
  Envelope,
  ErrorKind,
  MessageType,
  Payload,
  Replies,
  Reply,
  ReplyError,
} from './protocol.ts';

/** A refusal or failure reported by the background: its kind, what to do, and where. */
export class BackgroundError extends Error {
  readonly kind: ErrorKind;
  readonly problems?: { field: string; message: string }[];
  constructor(error: ReplyError) {
    super(error.message);
    this.name = 'BackgroundError';
    this.kind = error.kind;
    if (error.problems) this.problems = error.problems;
  }
}

/**
 * Asks the background. The only way Buyline's pages talk to it: typed by the protocol
 * map, and throwing a BackgroundError with a user-facing message when it refuses.
 */
export async function ask<T extends MessageType>(
  type: T,
  payload: Payload<T>,
): Promise<Replies[T]> {
  const envelope: Envelope<T> = { buyline: 1, type, payload };
  const reply = (await browser.runtime.sendMessage(envelope)) as Reply<T> | undefined;
  if (!reply)
    throw new BackgroundError({
      kind: 'internal',
      message: 'Buyline’s background did not answer. Reload the extension and try again.',
    });
  if (!reply.ok) throw new BackgroundError(reply.error);
  return reply.data;
}
