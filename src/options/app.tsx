import { useEffect, useState } from 'preact/hooks';
import { ask } from '../shared/messaging.ts';
import type { Settings } from '../shared/settings.ts';
import { ConnectionSection } from './connection-section.tsx';
import { DataSection } from './data-section.tsx';
import { DefaultsSection } from './defaults-section.tsx';
import { VaultSection } from './vault-section.tsx';

export function OptionsApp() {
  const [settings, setSettings] = useState<Settings | undefined>();
  const [error, setError] = useState<string | undefined>();
  // The defaults form keeps its own edits; it starts over only when settings are imported.
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    ask('settings.get', {})
      .then(setSettings)
      .catch((failure: unknown) => setError(String(failure)));
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
          <ConnectionSection settings={settings} onSaved={setSettings} />
          <DefaultsSection key={revision} settings={settings} onSaved={setSettings} />
          <VaultSection />
          <DataSection
            settings={settings}
            onSaved={(next) => {
              setSettings(next);
              setRevision(revision + 1);
            }}
          />
        </>
      )}
    </main>
  );
}
