import '../ui/base.css';
import './bulk.css';
import { render } from 'preact';
import { backgroundConnector } from '../ui/background-connector.ts';
import { ConnectorContext } from '../ui/connector.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { BulkApp } from './app.tsx';

const root = document.getElementById('app');
if (root) {
  render(
    <ErrorBoundary title="Buyline bulk orders">
      <ConnectorContext.Provider value={backgroundConnector}>
        <BulkApp />
      </ConnectorContext.Provider>
    </ErrorBoundary>,
    root,
  );
}
