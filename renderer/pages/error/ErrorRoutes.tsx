import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import ErrorPage from './ErrorPage';

/** Spec §8: status from statusCode, status or the response status; 500 when none is given. */
export function statusOfError(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const candidate = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const value of [candidate.statusCode, candidate.status, candidate.response?.status]) {
      if (typeof value === 'number' && value >= 400 && value < 600) return value;
    }
  }
  return 500;
}

export function NotFoundRoute() {
  const { t } = useTranslation();
  return <ErrorPage status={404} detail={t('error.notFound')} />;
}

/** /error/:status — e.g. /error/403 from the route guard. */
export function ErrorRoute() {
  const { t } = useTranslation();
  const parsed = Number(useParams().status);
  const status = Number.isInteger(parsed) && parsed >= 400 && parsed < 600 ? parsed : 404;
  return <ErrorPage status={status} detail={status === 404 ? t('error.notFound') : undefined} />;
}

/** Errors thrown while rendering or loading a route (app/AppRouter.tsx). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const status = statusOfError(error);
  return <ErrorPage status={status} />;
}
