import '../ui/base.css';
import './options.css';
import { render } from 'preact';
import { backgroundConnector } from '../ui/background-connector.ts';
import { ConnectorContext } from '../ui/connector.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { OptionsApp } from './app.tsx';

const root = document.getElementById('app');
if (root) {
  render(
    <ErrorBoundary title="Buyline options">
      <ConnectorContext.Provider value={backgroundConnector}>
        <OptionsApp />
      </ConnectorContext.Provider>
    </ErrorBoundary>,
    root,
  );
}
