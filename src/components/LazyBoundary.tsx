/**
 * Where a lazy component loads: its `fallback` while its code arrives, and, when the code could
 * not load (offline, a new version deployed meanwhile), a sentence naming what failed and what to
 * do, in its place. The rest of the page goes on.
 */
import { Component, Suspense, type ReactNode } from 'react';

interface LazyBoundaryProps {
  /** What loads, in words: "the compare view", "the phase graph". */
  readonly what: string;
  /** A new key (the view the URL names) clears a load failure: the load is tried again. */
  readonly resetKey?: string;
  /** Shown while loading; by default "Loading <what>…" as a status line. */
  readonly fallback?: ReactNode;
  readonly className?: string;
  readonly children: ReactNode;
}

/** The status line a lazy part shows while its code arrives. */
export function LoadingNote({ what, className = '' }: { what: string; className?: string }) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center p-6 text-sm text-slate-600 dark:text-slate-300 ${className}`}
    >
      Loading {what}…
    </div>
  );
}

interface FailureProps {
  readonly what: string;
  readonly className: string;
  readonly resetKey: string | undefined;
  readonly children: ReactNode;
}

interface FailureState {
  readonly error: string | null;
  /** The key the error happened under: another key clears it. */
  readonly key: string | undefined;
}

class LoadFailure extends Component<FailureProps, FailureState> {
  override state: FailureState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<FailureState> {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  static getDerivedStateFromProps(props: FailureProps, state: FailureState) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div
        role="alert"
        className={`p-6 text-sm text-red-800 dark:text-red-300 ${this.props.className}`}
      >
        {`${this.props.what.charAt(0).toUpperCase()}${this.props.what.slice(1)} could not load (${this.state.error}). Check the connection and reload the page.`}
      </div>
    );
  }
}

/** Suspense with a legible loading state and a load failure said in words. */
export function LazyBoundary(props: LazyBoundaryProps) {
  const { what, fallback, className = '', resetKey, children } = props;
  return (
    <LoadFailure what={what} className={className} resetKey={resetKey}>
      <Suspense fallback={fallback ?? <LoadingNote what={what} className={className} />}>
        {children}
      </Suspense>
    </LoadFailure>
  );
}
