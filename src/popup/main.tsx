import '../api/zod.ts';
import './popup.css';
import { render } from 'preact';
import { App } from './app.tsx';
import { ErrorBoundary } from './error-boundary.tsx';

const root = document.getElementById('app');
if (root) {
  render(
    <ErrorBoundary>
      <App />
    </ErrorBoundary>,
    root,
  );
}
