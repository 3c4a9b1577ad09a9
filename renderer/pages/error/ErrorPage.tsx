import { Component, lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import i18n from '@/i18n';
import { languageOfPath, localizePath } from '@/app/language';
import PageLoading from '@/layouts/PageLoading';

export interface ErrorPageProps {
  status: number;
  /** Extra line under the title, e.g. 'This page could not be found.' */
  detail?: string;
}

// antd's Result and its pictures load only when an error page is shown; if even that load fails
// (offline, a stale deploy) the boundary below still offers the plain way home.
const ErrorPageContent = lazy(() => import('./ErrorContent'));

/**
 * If rendering the error page itself fails, a plain link home is all that is left to offer: the
 * home of the address's language, read from the address since no hook can run here.
 */
class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const language = languageOfPath(window.location.pathname);
    return (
      <div role="alert" data-testid="error-fallback" style={{ padding: 32, textAlign: 'center' }}>
        <p>{i18n.t('error.fallback', { lng: language })}</p>
        <a href={localizePath('/', language)} data-testid="error-fallback-home">
          {i18n.t('error.home', { lng: language })}
        </a>
      </div>
    );
  }
}

export default function ErrorPage(props: ErrorPageProps) {
  return (
    <ErrorPageBoundary>
      <Suspense fallback={<PageLoading />}>
        <ErrorPageContent {...props} />
      </Suspense>
    </ErrorPageBoundary>
  );
}
