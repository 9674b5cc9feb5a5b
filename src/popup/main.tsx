import '../ui/base.css';
import './popup.css';
import { render } from 'preact';
import { t } from '../shared/i18n.ts';
import { backgroundConnector } from '../ui/background-connector.ts';
import { ConnectorContext } from '../ui/connector.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { App, viewFromHash } from './app.tsx';
import { startEarlyReads } from './early-reads.ts';

// Asked for before the first render, so the answers are on their way while it runs.
const early = startEarlyReads(backgroundConnector, viewFromHash() ? 'other' : 'order');
const root = document.getElementById('app');
if (root) {
  render(
    <ErrorBoundary title={t('extName')}>
      <ConnectorContext.Provider value={backgroundConnector}>
        <App early={early} />
      </ConnectorContext.Provider>
    </ErrorBoundary>,
    root,
  );
}
