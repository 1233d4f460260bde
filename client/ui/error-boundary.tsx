import { Component, type ReactNode } from 'react';

interface Props {
  fallback: ReactNode;
  /** Changing this value (for example the location) clears a caught error. */
  resetKey?: unknown;
  children: ReactNode;
}

/** Catches a rendering failure below it and shows `fallback` instead of a blank page. */
export class ErrorBoundary extends Component<Props, { failed: boolean; resetKey: unknown }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
