import { useState } from 'preact/hooks';
import type { Settings } from '../shared/settings.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { useReadyMark } from '../ui/ready-mark.ts';
import { useBackground } from '../ui/use-background.ts';
import { ConnectionSection } from './connection-section.tsx';
import { DataSection } from './data-section.tsx';
import { DefaultsSection } from './defaults-section.tsx';
import { VaultSection } from './vault-section.tsx';

/** The options page: connection, order defaults, own-account secrets, data. */
export function OptionsApp() {
  const settings = useBackground((c) => c.call('settings.get', {}), ['settings']);
  // The forms keep their own edits; imported settings replace them, so they start over.
  const [revision, setRevision] = useState(0);
  useReadyMark(settings.data !== undefined);
  const saved = (next: Settings) => settings.show(next);
  return (
    <main>
      <h1>Buyline options</h1>
      <ErrorText error={settings.error} />
      {!settings.data && !settings.error && <p>Loading…</p>}
      {settings.data && (
        <>
          <ConnectionSection
            key={`connection-${revision}`}
            settings={settings.data}
            onSaved={saved}
          />
          <DefaultsSection key={`defaults-${revision}`} settings={settings.data} onSaved={saved} />
          <VaultSection />
          <DataSection
            onImported={(next) => {
              saved(next);
              setRevision((count) => count + 1);
            }}
          />
        </>
      )}
    </main>
  );
}
