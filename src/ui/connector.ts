/**
 * The one way a view reaches the background: typed calls and the announced changes. Views
 * take it from context, so pages pass the real one and view tests a mock.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ChangeNotice, ChangeScope } from '../shared/change-feed.ts';
import type { MessageType, Payload, Replies } from '../shared/protocol.ts';

export interface Connector {
  /** Asks the background; rejects with a BackgroundError (its kind, message, problems). */
  call<T extends MessageType>(type: T, payload: Payload<T>): Promise<Replies[T]>;
  /** Calls `listener` on every change announced for one of `scopes`; returns the unsubscribe. */
  subscribe(scopes: readonly ChangeScope[], listener: (notice: ChangeNotice) => void): () => void;
}

export const ConnectorContext = createContext<Connector | undefined>(undefined);

export function useConnector(): Connector {
  const connector = useContext(ConnectorContext);
  if (!connector) throw new Error('No connector: render the view inside a ConnectorContext.');
  return connector;
}
