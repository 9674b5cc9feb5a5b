import { useEffect, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { CheckField, TextField } from '../popup/fields.tsx';
import { browser } from '../shared/browser.ts';
import { ask } from '../shared/messaging.ts';
import type { ConnectionCheck, TokenStatus } from '../shared/protocol.ts';
import { SANDBOX_URL, type Settings } from '../shared/settings.ts';
import { errorText, problemAt, problemsOf } from './field-problems.ts';
import { isLocalOrigin, serviceAddress } from './service-address.ts';

/** The service address (with the browser's permission), the write-only token, and a test. */
export function ConnectionSection({
  settings,
  onSaved,
}: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const [address, setAddress] = useState(settings.serviceUrl);
  const [timeout, setTimeoutText] = useState(String(settings.requestTimeoutSeconds));
  const [idempotency, setIdempotency] = useState(settings.sendIdempotencyKeys);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [saved, setSaved] = useState(false);
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | undefined>();
  const [status, setStatus] = useState<TokenStatus | undefined>();
  const [check, setCheck] = useState<ConnectionCheck | undefined>();
  const [testing, setTesting] = useState(false);

  useEffect(() => {
    ask('token.status', {})
      .then((next) => {
        setStatus(next);
        setCheck(next.check);
      })
      .catch((error: unknown) => setTokenError(errorText(error)));
  }, []);

  function saveConnection() {
    setSaved(false);
    const parsed = serviceAddress(address);
    if ('error' in parsed) return setProblems([{ field: 'serviceUrl', message: parsed.error }]);
    const patch = {
      serviceUrl: parsed.url,
      requestTimeoutSeconds: timeout.trim() === '' ? Number.NaN : Number(timeout),
      sendIdempotencyKeys: idempotency,
    };
    // The request must be made in this click, a user gesture, before anything awaits.
    const allowed = isLocalOrigin(parsed.origin)
      ? Promise.resolve(true)
      : browser.permissions.request({ origins: [`${parsed.origin}/*`] }).catch(() => false);
    void allowed.then(async (granted) => {
      if (!granted)
        return setProblems([
          {
            field: 'serviceUrl',
            message: `Not saved: the browser did not allow Buyline to reach ${parsed.origin}. Save again and choose Allow.`,
          },
        ]);
      try {
        const next = await ask('settings.update', { patch });
        onSaved(next);
        setAddress(next.serviceUrl);
        setProblems([]);
        setSaved(true);
        setCheck(undefined);
      } catch (error) {
        setProblems(problemsOf(error));
      }
    });
  }

  async function run(action: () => Promise<void>) {
    setTokenError(undefined);
    try {
      await action();
    } catch (error) {
      setTokenError(errorText(error));
    }
  }

  const saveToken = () =>
    run(async () => {
      if (!token.trim())
        return setTokenError('Token is required: paste the token your service gave you.');
      setStatus(await ask('token.set', { token: token.trim() }));
      setToken('');
      await test();
    });

  async function test() {
    setTesting(true);
    try {
      setCheck(await ask('token.test', {}));
    } finally {
      setTesting(false);
    }
  }

  const typed = serviceAddress(address);
  const plainHttpBeyondHere =
    'origin' in typed && typed.origin.startsWith('http:') && !isLocalOrigin(typed.origin);
  const unplaced = problems.filter(
    (problem) => !['serviceUrl', 'requestTimeoutSeconds'].includes(problem.field),
  );

  return (
    <section aria-labelledby="connection-heading">
      <h2 id="connection-heading">Connection</h2>
      <TextField
        label="Service address"
        type="url"
        value={address}
        onInput={(value) => {
          setAddress(value);
          setSaved(false);
        }}
        error={problemAt(problems, 'serviceUrl', 'Service address')}
        hint={
          plainHttpBeyondHere
            ? 'Over http the token travels in clear: use https for a service beyond this machine.'
            : `The local sandbox is ${SANDBOX_URL}. Another address asks the browser for access.`
        }
      />
      <div class="grid">
        <TextField
          label="Request timeout (seconds)"
          inputMode="numeric"
          value={timeout}
          onInput={setTimeoutText}
          error={problemAt(problems, 'requestTimeoutSeconds', 'Request timeout (seconds)')}
          hint="From 3 to 120."
        />
        <CheckField
          label="Send idempotency keys (turn off only if the service refuses them)"
          checked={idempotency}
          onChange={setIdempotency}
        />
      </div>
      {unplaced.map((problem) => (
        <p key={problem.message} class="error" role="alert">
          {problem.message}
        </p>
      ))}
      <div class="row">
        <button type="button" onClick={saveConnection}>
          Save connection
        </button>
        {saved && <span role="status">Connection saved.</span>}
      </div>

      <h3>Token</h3>
      <p>
        Token: <strong>{status === undefined ? '…' : status.set ? 'set' : 'not set'}</strong>
        <span class="hint"> It is kept by Buyline’s background and never shown again.</span>
      </p>
      <TextField
        label={status?.set ? 'Replace token' : 'Token'}
        type="password"
        value={token}
        onInput={setToken}
        error={tokenError}
      />
      <div class="row">
        <button type="button" onClick={saveToken}>
          Save token
        </button>
        <button
          type="button"
          disabled={!status?.set}
          onClick={() =>
            run(async () => {
              setStatus(await ask('token.remove', {}));
              setCheck(undefined);
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
      {check && !testing && (
        <p role="status" class={check.result === 'connected' ? 'ok' : 'error'}>
          {check.message}
        </p>
      )}
    </section>
  );
}
