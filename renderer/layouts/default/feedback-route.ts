import { matchRoutes } from 'react-router-dom';
import { routes } from '@/app/router';
import { routeData } from '@/app/route-handle';

/** Spec §2 "Extra": the feedback page, built by issue 20. */
export const FEEDBACK_PATH = '/user/suggest';

/**
 * Whether the app has a page at FEEDBACK_PATH: the router's own answer, so the entry appears the
 * moment that page is added (as a tool or a page) and never leads to the 404 page before.
 */
export function feedbackRouteExists(): boolean {
  const matches = matchRoutes(routes, FEEDBACK_PATH) ?? [];
  const page = matches.map(routeData).findLast((data) => data.page !== undefined)?.page;
  return page !== undefined && page.kind !== 'error';
}
