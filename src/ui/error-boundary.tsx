import type { ComponentChildren } from 'preact';
import { useErrorBoundary } from 'preact/hooks';
import { t } from '../shared/i18n.ts';

/** A failure in a page shows what went wrong and a way on, never a blank page. */
export function ErrorBoundary(props: { title: string; children: ComponentChildren }) {
  const [error] = useErrorBoundary((error) => console.error(`${props.title} failed`, error));
  if (!error) return <>{props.children}</>;
  return (
    <main>
      <h1>{props.title}</h1>
      <p class="error" role="alert">
        {t('popup_wentWrong', error instanceof Error ? error.message : String(error))}
      </p>
      <button type="button" onClick={() => location.reload()}>
        {t('popup_reload')}
      </button>
    </main>
  );
}
