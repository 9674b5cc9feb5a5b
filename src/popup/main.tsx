import '../ui/base.css';
import './views.css';
import { render } from 'preact';
import { t } from '../shared/i18n.ts';
import { backgroundConnector } from '../ui/background-connector.ts';
import { ConnectorContext } from '../ui/connector.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { App, viewFromHash } from './app.tsx';
import { frontTab, inPanel } from './front-tab.ts';
import { loadShown, loadTheRest } from './later.ts';
import { readStart } from './start.ts';

// The first screen is drawn once, complete, from what the popup reads as it opens; the
// code of everything else loads once that screen is painted. The side panel's page runs
// this same code in panel mode: beside the tab in front, which it then follows.
const root = document.getElementById('app');
const panel = inPanel();
if (root)
  void readStart(
    backgroundConnector,
    viewFromHash() ? 'other' : 'order',
    panel ? frontTab : undefined,
  ).then(async (start) => {
    await loadShown(start);
    render(
      <ErrorBoundary title={t('extName')}>
        <ConnectorContext.Provider value={backgroundConnector}>
          <App start={start} panel={panel} />
        </ConnectorContext.Provider>
      </ErrorBoundary>,
      root,
    );
    requestAnimationFrame(() => setTimeout(() => void loadTheRest()));
  });
