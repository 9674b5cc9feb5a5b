import '../ui/base.css';
import './options.css';
import { render } from 'preact';
import { t } from '../shared/i18n.ts';
import { backgroundConnector } from '../ui/background-connector.ts';
import { ConnectorContext } from '../ui/connector.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { OptionsApp } from './app.tsx';

// The page's title in the browser's language (index.html holds the English one).
document.title = t('options_title');
const root = document.getElementById('app');
if (root) {
  render(
    <ErrorBoundary title={t('options_title')}>
      <ConnectorContext.Provider value={backgroundConnector}>
        <OptionsApp />
      </ConnectorContext.Provider>
    </ErrorBoundary>,
    root,
  );
}
