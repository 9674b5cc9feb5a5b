import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { useReadyMark } from '../ui/ready-mark.ts';
import { useBackground } from '../ui/use-background.ts';
import { BehaviourSection, WebhooksSection } from './behaviour-section.tsx';
import { ConnectionSection } from './connection-section.tsx';
import { DataSection } from './data-section.tsx';
import { DefaultsSection } from './defaults-section.tsx';
import { FirstRunGuide } from './first-run-guide.tsx';
import { PlainTokenNotice } from './plain-token-notice.tsx';
import { SectionNav } from './section-nav.tsx';
import { VaultSection } from './vault-section.tsx';

/** The options page: a first-run guide until Buyline is set up, links to each section, the sections. */
export function OptionsApp() {
  const settings = useBackground((c) => c.call('settings.get', {}), ['settings']);
  // The demo token is the sandbox's only at the sandbox's address: settings matter too.
  const token = useBackground((c) => c.call('token.status', {}), ['token', 'settings']);
  // The forms keep their own edits; imported settings replace them, so they start over.
  const [revision, setRevision] = useState(0);
  // A test made before the service address last changed speaks about another service.
  const [addressChangedAt, setAddressChangedAt] = useState(0);
  const { check, ...unchecked } = token.data ?? { set: false };
  const guideToken = check && check.at < addressChangedAt ? unchecked : token.data;
  useReadyMark(settings.data !== undefined);
  const saved = settings.show;

  return (
    <>
      <header class="page-head">
        <h1>{t('options_title')}</h1>
        <span class="row">
          <a href="../bulk/index.html" target="_blank" rel="noopener">
            {t('options_bulkLink')}
            <span class="sr"> {t('options_opensNewTab')}</span>
          </a>
          {/* The policy ships in the build (public/privacy.html), readable offline. */}
          <a href="../../privacy.html" target="_blank" rel="noopener">
            {t('options_privacyLink')}
            <span class="sr"> {t('options_opensNewTab')}</span>
          </a>
        </span>
      </header>
      <SectionNav />
      <main>
        <ErrorText error={settings.error} />
        {!settings.data && !settings.error && <p>{t('options_loading')}</p>}
        {settings.data && (
          <>
            {(token.data || token.error) && (
              <FirstRunGuide settings={settings.data} token={guideToken} />
            )}
            <PlainTokenNotice />
            <Fragment key={revision}>
              <ConnectionSection
                settings={settings.data}
                token={token}
                onSaved={(next) => {
                  if (next.serviceUrl !== settings.data?.serviceUrl)
                    setAddressChangedAt(Date.now());
                  saved(next);
                }}
              />
              <DefaultsSection settings={settings.data} onSaved={saved} />
              <BehaviourSection settings={settings.data} onSaved={saved} />
              <WebhooksSection settings={settings.data} onSaved={saved} />
            </Fragment>
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
    </>
  );
}
