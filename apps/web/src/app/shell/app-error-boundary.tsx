import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadForChunkError } from '../../lib/chunk-reload.ts';
import { ErrorPage } from './error-page.tsx';

interface State {
  failed: boolean;
}

/**
 * The last line of defence, outside the router: an error in the providers or the router itself
 * still shows the error page (500) instead of a blank screen.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadForChunkError()) return;
    console.error(error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorPage status={500} homeHref="/" /> : this.props.children;
  }
}
