import { Component, type ComponentChildren } from 'preact';

/** A failure in the popup shows what went wrong and a way on, never a blank popup. */
export class ErrorBoundary extends Component<
  { children: ComponentChildren },
  { error?: Error | undefined }
> {
  override state: { error?: Error | undefined } = {};

  override componentDidCatch(error: Error): void {
    console.error('Buyline popup failed', error);
    this.setState({ error });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main>
        <h1>Buyline</h1>
        <p class="error" role="alert">
          Something went wrong: {this.state.error.message}
        </p>
        <button type="button" onClick={() => location.reload()}>
          Reload
        </button>
      </main>
    );
  }
}
