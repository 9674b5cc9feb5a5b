import { useEffect, useState } from 'preact/hooks';
import { TextField } from '../popup/fields.tsx';
import { browser } from '../shared/browser.ts';
import { ask, BackgroundError } from '../shared/messaging.ts';
import type { ConnectionCheck, TokenStatus } from '../shared/protocol.ts';
import type { Settings } from '../shared/settings.ts';

const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/;

/** The service address, the write-only token, and "Test connection". */
export function ConnectionSection({
  settings,
  onSaved,
}: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const [address, setAddress] = useState(settings.serviceUrl);
  const [token, setToken] = useState('');
  const [status, setStatus] = useState<TokenStatus>({ set: false });
  const [check, setCheck] = useState<ConnectionCheck | undefined>();
  const [message, setMessage] = useState<{ field: string; text: string } | undefined>();

  useEffect(() => {
    void ask('token.status', {}).then((next) => {
      setStatus(next);
      setCheck(next.check);
    });
  }, []);

  async function saveAddress() {
    setMessage(undefined);
    let origin: string;
    try {
      origin = new URL(address.trim()).origin;
    } catch {
      return setMessage({
        field: 'address',
        text: 'Enter the full address of the service, such as https://api.example.com.',
      });
    }
    // Addresses beyond this machine need the browser's permission, asked on this click.
    if (!LOCAL.test(origin)) {
      const granted = await browser.permissions
        .request({ origins: [`${origin}/*`] })
        .catch(() => false);
      if (!granted)
        return setMessage({
          field: 'address',
          text: `Buyline may not reach ${origin}: allow it when the browser asks.`,
        });
    }
    try {
      onSaved(
        await ask('settings.update', { patch: { serviceUrl: address.trim().replace(/\/+$/, '') } }),
      );
      setMessage({ field: 'saved', text: 'Address saved.' });
    } catch (error) {
      setMessage({
        field: 'address',
        text: error instanceof BackgroundError ? error.message : String(error),
      });
    }
  }

  async function saveToken() {
    if (!token.trim())
      return setMessage({ field: 'token', text: 'Enter the token your service gave you.' });
    setStatus(await ask('token.set', { token: token.trim() }));
    setToken('');
    setCheck(await ask('token.test', {}));
  }

  return (
    <section aria-labelledby="connection">
      <h2 id="connection">Connection</h2>
      <TextField
        label="Service address"
        type="url"
        value={address}
        onInput={setAddress}
        error={message?.field === 'address' ? message.text : undefined}
        hint="The local sandbox is http://127.0.0.1:8787."
      />
      <button type="button" onClick={saveAddress}>
        Save address
      </button>
      {message?.field === 'saved' && <p role="status">{message.text}</p>}
      <p>
        Token: <strong>{status.set ? 'set' : 'not set'}</strong>
      </p>
      <TextField
        label={status.set ? 'Replace token' : 'Token'}
        type="password"
        value={token}
        onInput={setToken}
        error={message?.field === 'token' ? message.text : undefined}
      />
      <div class="row">
        <button type="button" onClick={saveToken}>
          Save token
        </button>
        <button
          type="button"
          disabled={!status.set}
          onClick={async () => {
            setStatus(await ask('token.remove', {}));
            setCheck(undefined);
          }}
        >
          Remove token
        </button>
        <button type="button" onClick={async () => setCheck(await ask('token.test', {}))}>
          Test connection
        </button>
      </div>
      {check && (
        <p role="status" class={check.result === 'connected' ? 'ok' : 'error'}>
          {check.message}
        </p>
      )}
    </section>
  );
}
