import '../api/zod.ts';
import '../popup/popup.css';
import './options.css';
import { render } from 'preact';
import { ErrorBoundary } from '../popup/error-boundary.tsx';
import { OptionsApp } from './app.tsx';

const root = document.getElementById('app');
if (root) {
  render(
    <ErrorBoundary>
      <OptionsApp />
    </ErrorBoundary>,
    root,
  );
}
