/**
 * A sandbox that answers a repeated idempotency key with 409 `already_exists` instead of
 * the first answer, as the service's newer API version does (decisions.md, "Duplicate
 * protection").
 *
 * The sandbox's own switch, `startSandbox({ repeatedKey: 'already_exists' })`, is being
 * added separately. Until it is there, a shim over the global fetch answers so: the
 * second POST of a key, sent by the background to this sandbox, gets the 409 without
 * reaching the sandbox. The shim marks a key used at its first POST, which is true of
 * the faults these tests use (`when: 'after'`: the request is carried out, its answer
 * lost). Once the sandbox honours the option, the probe finds it and no shim is put in.
 */
import { vi } from 'vitest';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../../sandbox/index.ts';
import { authOf, type SeenRequest } from './sandbox-env.ts';

export interface AlreadyExistsSandbox extends RunningSandbox {
  /** Whether the fetch shim stands in for the sandbox's own switch. */
  shimmed: boolean;
}

const PROBE_TOKEN = 'probe';

export async function startAlreadyExistsSandbox(
  seen: SeenRequest[],
  processingMs = 150,
): Promise<AlreadyExistsSandbox> {
  const options = {
    port: 0,
    processingMs,
    control: true,
    seed: 7,
    tokens: ['sandbox', PROBE_TOKEN],
    onRequest: (request: { method: string; path: string }) =>
      seen.push({ at: Date.now(), ...request }),
    // The planned switch: ignored by a sandbox that does not have it yet.
    repeatedKey: 'already_exists',
  } as SandboxOptions;
  const sandbox = await startSandbox(options);
  const honoured = await answersAlreadyExists(sandbox.url);
  // The probe's own requests are not the test's.
  seen.length = 0;
  if (!honoured) shimFetch(sandbox.url, seen);
  return { ...sandbox, shimmed: !honoured };
}

/** Sends one order twice under one key with the probe's token: 409 the second time? */
async function answersAlreadyExists(url: string): Promise<boolean> {
  const body = JSON.stringify({
    retailer: 'amazon',
    products: [{ product_id: 'B0PLACES01', quantity: 1 }],
    shipping_address: {
      first_name: 'Probe',
      last_name: 'Probe',
      address_line1: '1 Main St',
      zip_code: '02139',
      city: 'Cambridge',
      state: 'MA',
      country: 'US',
      phone_number: '6175550100',
    },
    is_gift: false,
    shipping_method: 'cheapest',
    addax: true,
    idempotency_key: crypto.randomUUID(),
  });
  const post = () =>
    fetch(`${url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: authOf(PROBE_TOKEN), 'content-type': 'application/json' },
      body,
    });
  await post();
  return (await post()).status === 409;
}

/** The 409s it answers are counted in `seen`, as the sandbox would have seen them. */
function shimFetch(url: string, seen: SeenRequest[]): void {
  const real = globalThis.fetch;
  const used = new Set<string>();
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const target = String(input instanceof Request ? input.url : input);
    const key = keyOf(init?.body);
    if (target.startsWith(`${url}/v1/`) && init?.method === 'POST' && key !== undefined) {
      const scoped = `${new URL(target).pathname} ${key}`;
      if (used.has(scoped)) {
        seen.push({ at: Date.now(), method: 'POST', path: new URL(target).pathname });
        return Promise.resolve(
          new Response(
            JSON.stringify({
              _type: 'error',
              code: 'already_exists',
              message: 'A request with this idempotency key already exists.',
              data: {},
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          ),
        );
      }
      used.add(scoped);
    }
    return real(input, init);
  });
}

function keyOf(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const key = (JSON.parse(body) as { idempotency_key?: unknown }).idempotency_key;
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}
