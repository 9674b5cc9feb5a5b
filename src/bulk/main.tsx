import '../ui/base.css';
import './bulk.css';
import { render } from 'preact';
import { t } from '../shared/i18n.ts';
import { backgroundConnector } from '../ui/background-connector.ts';
import { ConnectorContext } from '../ui/connector.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { BulkApp } from './app.tsx';

// The page's title in the browser's language (index.html holds the English one).
document.title = t('bulk_pageTitle');
render(
  <ErrorBoundary title={t('bulk_pageTitle')}>
    <ConnectorContext.Provider value={backgroundConnector}>
      <BulkApp />
    </ConnectorContext.Provider>
  </ErrorBoundary>,
  document.getElementById('app') as HTMLElement,
);
