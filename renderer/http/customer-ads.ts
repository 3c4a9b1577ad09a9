import type { Page, PageQuery } from '@shared/contracts/api';
import { CUSTOMER_ADS_API } from '@shared/contracts/ads-base';
import type { AdEdit, AdInput, AdListFilter, AdStatusChange, CustomerAd, SiteAdsResponse } from '@shared/contracts/ads-base';
import { http } from '@/app/http';

/**
 * The spec §7 "Ads" calls, typed (issue 19, docs/ads.md). Pages call these, never URLs of their own.
 * zod-free: the layout's ads load this on every page.
 *
 * The visitor-side calls (`site`, `view`, `visit`) are quiet and `background`: an ad the server
 * cannot serve or count is never the visitor's problem, and a stale token must not send someone to
 * the login page for a call they never made.
 */

/** Publish and edit send a multipart form: `ad` is the JSON text, `image` the optional picture. */
function adForm(ad: AdInput | AdEdit, image?: Blob): FormData {
  const form = new FormData();
  form.append('ad', JSON.stringify(ad));
  if (image) form.append('image', image, image instanceof File ? image.name : 'image');
  return form;
}

export const customerAdsApi = {
  /** Admin: every ad, soft-deleted ones only with `deleted: true`. */
  listAll: (query: PageQuery & AdListFilter) => http.get<Page<CustomerAd>>(`${CUSTOMER_ADS_API}/list/page`, { params: query }),
  /** What visitors see; `ads` is null when `latestTimestamp` is already the newest (keep the cache). */
  site: (latestTimestamp?: number) =>
    http.get<SiteAdsResponse>(`${CUSTOMER_ADS_API}/site`, {
      params: latestTimestamp === undefined ? {} : { latestTimestamp },
      background: true,
    }),
  /** A logged-in user submits an ad; it starts PENDING. */
  publish: (ad: AdInput, image?: Blob) => http.post<CustomerAd>(`${CUSTOMER_ADS_API}/publish`, adForm(ad, image)),
  mine: (query: PageQuery) => http.get<Page<CustomerAd>>(`${CUSTOMER_ADS_API}/list/page/mine`, { params: query }),
  view: (id: number) => http.post<null>(`${CUSTOMER_ADS_API}/view`, { id }, { background: true }),
  visit: (id: number) =>
    http.post<null>(
      `${CUSTOMER_ADS_API}/visit`,
      { id },
      {
        background: true,
        headers: { 'Content-Type': 'application/json-patch+json' },
      },
    ),
  /** The owner while PENDING or REJECTED (back to PENDING), the admin any time. */
  edit: (ad: AdEdit, image?: Blob) => http.put<CustomerAd>(CUSTOMER_ADS_API, adForm(ad, image)),
  changeStatus: (change: AdStatusChange) => http.post<CustomerAd>(`${CUSTOMER_ADS_API}/change-status`, change),
  /** Owner or admin: gone for the owner and visitors, still listed for the admin. */
  softDelete: (id: number) => http.delete<null>(`${CUSTOMER_ADS_API}/${id}/soft`),
  /** Admin: the ad and its uploaded picture are gone for good. */
  remove: (id: number) => http.delete<null>(`${CUSTOMER_ADS_API}/${id}`),
};

export { adImageUrl } from './ad-image-url';
