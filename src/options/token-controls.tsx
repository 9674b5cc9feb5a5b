import { useState } from 'preact/hooks';
import type { ConnectionCheck } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { TextField } from '../ui/fields.tsx';
import { useBackground } from '../ui/use-background.ts';

/**
 * The service token, write-only: the page says whether one is set, replaces or removes
 * it, and tests the connection. The token itself never comes back from the background.
 */
export function TokenControls({ staleCheck }: { staleCheck: boolean }) {
  const connector = useConnector();
  const status = useBackground((c) => c.call('token.status', {}), ['token']);
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | undefined>();
  // null: the last check is stale (the address changed since), so none is shown.
  const [check, setCheck] = useState<ConnectionCheck | null | undefined>(
    staleCheck ? null : undefined,
  );
  const [testing, setTesting] = useState(false);
  const shown = check === undefined ? status.data?.check : (check ?? undefined);

  async function run(action: () => Promise<void>) {
    setTokenError(undefined);
    try {
      await action();
    } catch (error) {
      setTokenError(failureOf(error).message);
    }
  }

  async function test() {
    setTesting(true);
    try {
      setCheck(await connector.call('token.test', {}));
    } finally {
      setTesting(false);
    }
  }

  const saveToken = () =>
    run(async () => {
      if (!token.trim())
        return setTokenError('Token is required: paste the token your service gave you.');
      status.show(await connector.call('token.set', { token: token.trim() }));
      setToken('');
      await test();
    });

  const set = status.data?.set;
  return (
    <>
      <h3>Token</h3>
      <p>
        Token: <strong>{set === undefined ? '…' : set ? 'set' : 'not set'}</strong>
        <span class="hint"> It is kept by Buyline’s background and never shown again.</span>
      </p>
      <TextField
        label={set ? 'Replace token' : 'Token'}
        type="password"
        secret
        value={token}
        onInput={setToken}
        error={tokenError ?? (status.error ? failureOf(status.error).message : undefined)}
      />
      <div class="row">
        <button type="button" onClick={saveToken}>
          Save token
        </button>
        <button
          type="button"
          disabled={!set}
          onClick={() =>
            run(async () => {
              status.show(await connector.call('token.remove', {}));
              setCheck(null);
            })
          }
        >
          Remove token
        </button>
        <button type="button" disabled={testing} onClick={() => run(test)}>
          Test connection
        </button>
      </div>
      {testing && <p role="status">Testing…</p>}
      {shown && !testing && (
        <p role="status" class={shown.result === 'connected' ? 'ok' : 'error'}>
          {shown.message}
        </p>
      )}
    </>
  );
}
