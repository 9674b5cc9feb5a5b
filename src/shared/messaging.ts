import { browser } from './browser.ts';
import type { Envelope, MessageType, Payload, Replies, Reply } from './protocol.ts';

/** A refusal or failure reported by the background, with what to do about it. */
export class BackgroundError extends Error {
  constructor(
    message: string,
    readonly problems?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'BackgroundError';
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
    throw new BackgroundError(
      'Buyline’s background did not answer. Reload the extension and try again.',
    );
  if (!reply.ok) throw new BackgroundError(reply.error.message, reply.error.problems);
  return reply.data;
}
