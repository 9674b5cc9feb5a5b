import '../ui/base.css';
import './popup.css';
import { render } from 'preact';
import { t } from '../shared/i18n.ts';
import { backgroundConnector } from '../ui/background-connector.ts';
import { ConnectorContext } from '../ui/connector.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { App, viewFromHash } from './app.tsx';
import { firstScreenRead, startEarlyReads } from './early-reads.ts';

// Asked for before the first render, and the first render waits for them: they come in
// a few milliseconds, and the popup is then drawn once, complete. An answer that takes
// longer than a moment shows as loading instead.
const early = startEarlyReads(backgroundConnector, viewFromHash() ? 'other' : 'order');
const root = document.getElementById('app');
if (root) {
  void firstScreenRead(early, 100).then(() => {
    render(
      <ErrorBoundary title={t('extName')}>
        <ConnectorContext.Provider value={backgroundConnector}>
          <App early={early} />
        </ConnectorContext.Provider>
      </ErrorBoundary>,
      root,
    );
  });
}
