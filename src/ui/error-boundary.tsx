import { Component, type ComponentChildren } from 'preact';
import { t } from '../shared/i18n.ts';

/** A failure in a page shows what went wrong and a way on, never a blank page. */
export class ErrorBoundary extends Component<
  { title: string; children: ComponentChildren },
  { error?: Error | undefined }
> {
  override state: { error?: Error | undefined } = {};

  override componentDidCatch(error: Error): void {
    console.error(`${this.props.title} failed`, error);
    this.setState({ error });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main>
        <h1>{this.props.title}</h1>
        <p class="error" role="alert">
          {t('popup_wentWrong', this.state.error.message)}
        </p>
        <button type="button" onClick={() => location.reload()}>
          {t('popup_reload')}
        </button>
      </main>
    );
  }
}
