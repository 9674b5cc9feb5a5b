import { subscribeChanges } from '../shared/change-feed.ts';
import { ask } from '../shared/messaging.ts';
import type { Connector } from './connector.ts';

/** The connector of the real pages: runtime messages out, the change feed in. */
export const backgroundConnector: Connector = { call: ask, subscribe: subscribeChanges };
