import { history } from './history/connection.ts';
import { keyDatabase } from './keys/key-db.ts';

// The worker's entry imports this module first (after zod's set-up), so the two databases
// a round reads start opening while the rest of the worker's code is still being
// evaluated, some 8 ms of every wake, rather than after it. A failed open is not kept:
// the round that needs the database tries again and says why it could not.
history().catch(() => undefined);
keyDatabase().catch(() => undefined);
