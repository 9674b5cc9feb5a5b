import '../ui/base.css';
import { render } from 'preact';
import { t } from '../shared/i18n.ts';
import { backgroundConnector } from '../ui/background-connector.ts';
import { ConnectorContext } from '../ui/connector.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { App, viewFromHash } from './app.tsx';
import { loadShown, loadTheRest } from './later.ts';
import { readStart } from './start.ts';

// The first screen is drawn once, complete, from what the popup reads as it opens; the
// code of everything else loads once that screen is painted.
const root = document.getElementById('app');
if (root)
  void readStart(backgroundConnector, viewFromHash() ? 'other' : 'order').then(async (start) => {
    await loadShown(start);
    render(
      <ErrorBoundary title={t('extName')}>
        <ConnectorContext.Provider value={backgroundConnector}>
          <App start={start} />
        </ConnectorContext.Provider>
      </ErrorBoundary>,
      root,
    );
    requestAnimationFrame(() => setTimeout(() => void loadTheRest()));
  });
