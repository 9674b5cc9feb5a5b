import { browser } from './browser.ts';
import { t } from './i18n.ts';
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
  readonly problems?: ReplyError['problems'];
  constructor(error: ReplyError) {
    super(error.message);
    this.name = 'BackgroundError';
    this.kind = error.kind;
    if (error.problems) this.problems = error.problems;
  }
}

/**
 * The browser's words for a message cut off by the worker stopping, or sent while no
 * worker listens yet: not an answer, so the message is asked again.
 */
const CUT_OFF = [
  /message channel closed before a response was received/i,
  /Receiving end does not exist/i,
  /Could not establish connection/i,
];

/**
 * The waits (ms) before each new asking of a cut-off message, covering the worker's start.
 * Asking twice is safe: a message that places or cancels carries the draft's id.
 */
export const ASK_AGAIN_AFTER_MS = [50, 250, 1_000, 2_000];

/** The wait between two askings; tests give their own, so no test waits for the clock. */
export type Pause = (ms: number) => Promise<void>;
const pause: Pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the background. The only way Buyline's pages talk to it: typed by the protocol
 * map, and throwing a BackgroundError with a user-facing message when it refuses. A
 * message cut off by the worker stopping is asked again (a few times, then told in words).
 */
export async function ask<T extends MessageType>(
  type: T,
  payload: Payload<T>,
  wait: Pause = pause,
): Promise<Replies[T]> {
  const envelope: Envelope<T> = { buyline: 1, type, payload };
  let reply: Reply<T> | undefined;
  for (let attempt = 0; ; attempt += 1) {
    try {
      reply = (await browser.runtime.sendMessage(envelope)) as Reply<T> | undefined;
      break;
    } catch (error) {
      const after = ASK_AGAIN_AFTER_MS[attempt];
      const message = error instanceof Error ? error.message : String(error);
      if (!CUT_OFF.some((words) => words.test(message))) throw error;
      if (after === undefined)
        throw new BackgroundError({ kind: 'unreachable', message: t('bg_askedAgainFailed') });
      await wait(after);
    }
  }
  if (!reply) throw new BackgroundError({ kind: 'internal', message: t('page_backgroundSilent') });
  if (!reply.ok) throw new BackgroundError(reply.error);
  return reply.data;
}
