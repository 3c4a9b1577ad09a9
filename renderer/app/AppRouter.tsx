import { Component, startTransition, useLayoutEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { matchRoutes, Router, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import PageLoading from '@/layouts/PageLoading';
import { RouteErrorPage } from '@/pages/error/ErrorRoutes';
import type { Committed, NavigationController } from './navigation-controller';
import { NavigationPendingContext, RouteMatchesContext } from './route-handle';

/**
 * Errors while rendering a page, or while preparing its address, show the error page in place of
 * the shell; the next address tries again.
 */
interface BoundaryState {
  error?: unknown;
  resetKey: string;
}

class RouteErrorBoundary extends Component<{ resetKey: string; error?: unknown; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: { resetKey: string }, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('render failed') };
  }

  override render() {
    const error = this.props.error ?? this.state.error;
    return error === undefined ? this.props.children : <RouteErrorPage error={error} />;
  }
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * react-router in declarative mode (<Router> + useRoutes) on our navigation controller, which
 * prepares each address before it opens. Until the first one is ready, the page shows a spinner.
 */
export function AppRouter({ controller, routes }: { controller: NavigationController; routes: RouteObject[] }) {
  const [committed, setCommitted] = useState(() => controller.getSnapshot().committed);
  const [pending, setPending] = useState(() => controller.getSnapshot().pending);

  useLayoutEffect(() => {
    const sync = () => {
      const snapshot = controller.getSnapshot();
      setPending(snapshot.pending);
      // As the data router did: the new page renders in a transition, so the old one stays until it can.
      startTransition(() => setCommitted(snapshot.committed));
    };
    sync();
    return controller.subscribe(sync);
  }, [controller]);

  return (
    <NavigationPendingContext.Provider value={pending}>
      {committed ? <Committed committed={committed} controller={controller} routes={routes} /> : <PageLoading />}
    </NavigationPendingContext.Provider>
  );
}

function Committed({ committed, controller, routes }: { committed: Committed; controller: NavigationController; routes: RouteObject[] }) {
  const { location, action, error } = committed;
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [routes, location]);
  return (
    <Router location={location} navigationType={action} navigator={controller.navigator}>
      <RouteMatchesContext.Provider value={matches}>
        <RouteErrorBoundary resetKey={location.key} error={error}>
          <Routes routes={routes} />
        </RouteErrorBoundary>
      </RouteMatchesContext.Provider>
    </Router>
  );
}
