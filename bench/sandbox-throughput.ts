import { startSandbox } from '../sandbox/index.ts';
import { MANAGED_ORDER } from '../test/fixtures.ts';

const AUTH = `Basic ${Buffer.from('sandbox:').toString('base64')}`;
const ORDER = JSON.stringify(MANAGED_ORDER);

/** Runs `clients` loops of `call` for `ms`; returns calls per second. */
async function load(
  clients: number,
  ms: number,
  call: (i: number) => Promise<void>,
): Promise<number> {
  const end = Date.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < end) {
        await call(client * 1_000_000 + done);
        done += 1;
      }
    }),
  );
  return done / (ms / 1000);
}

/** Order creations and status reads per second on loopback with 32 concurrent clients. */
export async function measureSandbox(clients = 32, ms = 3_000) {
  const sandbox = await startSandbox({ port: 0, processingMs: 60_000 });
  try {
    const ids: string[] = [];
    const creates = await load(clients, ms, async () => {
      const response = await fetch(`${sandbox.url}/v1/orders`, {
        method: 'POST',
        headers: { authorization: AUTH, 'content-type': 'application/json' },
        body: ORDER,
      });
      const body = (await response.json()) as { request_id: string };
      if (ids.length < 5_000) ids.push(body.request_id);
    });
    const reads = await load(clients, ms, async (i) => {
      const response = await fetch(`${sandbox.url}/v1/orders/${ids[i % ids.length]}`, {
        headers: { authorization: AUTH },
      });
      await response.arrayBuffer();
    });
    return { sandbox_creates_per_s: Math.round(creates), sandbox_reads_per_s: Math.round(reads) };
  } finally {
    await sandbox.close();
  }
}
