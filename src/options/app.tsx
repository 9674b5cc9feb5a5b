import { useEffect, useState } from 'preact/hooks';
import { ask } from '../shared/messaging.ts';
import type { Settings } from '../shared/settings.ts';
import { ConnectionSection } from './connection-section.tsx';
import { DataSection } from './data-section.tsx';
import { DefaultsSection } from './defaults-section.tsx';
import { errorText } from './field-problems.ts';
import { VaultSection } from './vault-section.tsx';

/** The options page: connection, order defaults, own-account secrets, data. */
export function OptionsApp() {
  const [settings, setSettings] = useState<Settings | undefined>();
  const [error, setError] = useState<string | undefined>();
  // The forms keep their own edits; imported settings replace them, so they start over.
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    ask('settings.get', {})
      .then(setSettings)
      .catch((failure: unknown) => setError(errorText(failure)));
  }, []);
  return (
    <main>
      <h1>Buyline options</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!settings && !error && <p>Loading…</p>}
      {settings && (
        <>
          <ConnectionSection
            key={`connection-${revision}`}
            settings={settings}
            onSaved={setSettings}
          />
          <DefaultsSection key={`defaults-${revision}`} settings={settings} onSaved={setSettings} />
          <VaultSection />
          <DataSection
            onImported={(next) => {
              setSettings(next);
              setRevision((count) => count + 1);
            }}
          />
        </>
      )}
    </main>
  );
}
