/**
 * A connector for view tests: each call is answered by the test's handler (or refused
 * with a BackgroundError, as the background would), every call is recorded, and the
 * test announces changes the way the background does.
 */
import type { ChangeNotice, ChangeScope } from '../../../src/shared/change-feed.ts';
import { BackgroundError } from '../../../src/shared/messaging.ts';
import type { MessageType, Payload, Replies, ReplyError } from '../../../src/shared/protocol.ts';
import type { Connector } from '../../../src/ui/connector.ts';

export type Handlers = {
  [T in MessageType]?: (payload: Payload<T>) => Replies[T] | Promise<Replies[T]>;
};

export interface MockConnector extends Connector {
  calls: { type: MessageType; payload: unknown }[];
  callsOf<T extends MessageType>(type: T): Payload<T>[];
  /** Changes how one message is answered from now on. */
  answer<T extends MessageType>(
    type: T,
    handler: (payload: Payload<T>) => Replies[T] | Promise<Replies[T]>,
  ): void;
  /** Announces a change, as the background's publishChange does. */
  publish(scopes: ChangeScope[], orderIds?: string[]): void;
  listeners(): number;
  /**
   * Settles once every call made so far is answered, after the caller's own reactions
   * to each answer (they were attached first): the event a test waits for to see what
   * an answer changed, or that it changed nothing.
   */
  answered(): Promise<void>;
}

/** A refusal as the background sends one. */
export function refusal(error: ReplyError): BackgroundError {
  return new BackgroundError(error);
}

export function mockConnector(handlers: Handlers = {}): MockConnector {
  const answers: Handlers = { ...handlers };
  const subscribers = new Set<{
    scopes: readonly ChangeScope[];
    listener: (n: ChangeNotice) => void;
  }>();
  const calls: { type: MessageType; payload: unknown }[] = [];
  const replies: Promise<unknown>[] = [];
  let count = 0;
  return {
    calls,
    callsOf: <T extends MessageType>(type: T) =>
      calls.filter((call) => call.type === type).map((call) => call.payload as Payload<T>),
    call(type, payload) {
      calls.push({ type, payload });
      const handler = answers[type] as ((payload: unknown) => unknown) | undefined;
      const reply = (async () => {
        if (!handler)
          throw refusal({ kind: 'refused', message: `The test does not answer ${type}.` });
        return (await handler(payload)) as Replies[typeof type];
      })();
      replies.push(reply);
      return reply;
    },
    async answered() {
      await Promise.allSettled(replies);
    },
    subscribe(scopes, listener) {
      const entry = { scopes, listener };
      subscribers.add(entry);
      return () => subscribers.delete(entry);
    },
    answer(type, handler) {
      (answers as Record<string, unknown>)[type] = handler;
    },
    publish(scopes, orderIds) {
      const notice: ChangeNotice = {
        id: `notice-${++count}`,
        // A fixed moment, later for each notice: as the background stamps them.
        at: Date.UTC(2026, 2, 2, 12, 0) + count,
        scopes,
        ...(orderIds ? { orderIds } : {}),
      };
      for (const { scopes: wanted, listener } of [...subscribers])
        if (scopes.some((scope) => wanted.includes(scope))) listener(notice);
    },
    listeners: () => subscribers.size,
  };
}
