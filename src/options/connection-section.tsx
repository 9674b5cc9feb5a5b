import { useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { browser } from '../shared/browser.ts';
import { numberOrText } from '../shared/form-values.ts';
import { isLocalOrigin, SANDBOX_URL, serviceAddress } from '../shared/service-address.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { CheckField, TextField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems } from '../ui/problems.tsx';
import { PageSection } from '../ui/section.tsx';
import { TokenControls } from './token-controls.tsx';

/** The service address (with the browser's permission), the write-only token, and a test. */
export function ConnectionSection({
  settings,
  onSaved,
}: {
  settings: Settings;
  onSaved: (settings: Settings) => void;
}) {
  const connector = useConnector();
  const [address, setAddress] = useState(settings.serviceUrl);
  const [timeout, setTimeoutText] = useState(String(settings.requestTimeoutSeconds));
  const [idempotency, setIdempotency] = useState(settings.sendIdempotencyKeys);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [saved, setSaved] = useState(false);
  // A saved address makes the last connection test's answer stale.
  const [revision, setRevision] = useState(0);

  function saveConnection() {
    setSaved(false);
    const parsed = serviceAddress(address);
    if ('error' in parsed) return setProblems([{ field: 'serviceUrl', message: parsed.error }]);
    const patch = {
      serviceUrl: parsed.url,
      requestTimeoutSeconds: numberOrText(timeout) ?? '',
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
        const next = await connector.call('settings.update', { patch });
        onSaved(next);
        setAddress(next.serviceUrl);
        setProblems([]);
        setSaved(true);
        setRevision((count) => count + 1);
      } catch (error) {
        const failure = failureOf(error);
        setProblems(
          failure.problems.length > 0
            ? failure.problems
            : [{ field: '', message: failure.message }],
        );
      }
    });
  }

  const typed = serviceAddress(address);
  const plainHttpBeyondHere =
    'origin' in typed && typed.origin.startsWith('http:') && !isLocalOrigin(typed.origin);

  return (
    <PageSection id="connection" title="Connection">
      <ProblemsProvider problems={problems}>
        <TextField
          label="Service address"
          type="url"
          value={address}
          onInput={(value) => {
            setAddress(value);
            setSaved(false);
          }}
          problems={['serviceUrl']}
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
            problems={['requestTimeoutSeconds']}
            hint="From 3 to 120."
          />
          <CheckField
            label="Send idempotency keys (turn off only if the service refuses them)"
            checked={idempotency}
            onChange={setIdempotency}
            problems={['sendIdempotencyKeys']}
          />
        </div>
        <UnplacedProblems />
      </ProblemsProvider>
      <div class="row">
        <button type="button" onClick={saveConnection}>
          Save connection
        </button>
        {saved && <span role="status">Connection saved.</span>}
      </div>
      <TokenControls key={revision} staleCheck={revision > 0} />
    </PageSection>
  );
}
