import { AD_IMAGE_URL_PREFIX } from '@shared/contracts/ads-base';
import { apiUrl } from '@/platform/host';

/**
 * Where an ad's picture loads from: an uploaded one is the API's own path, which the desktop app
 * must ask the API's host for; an outside address stays as it is. Apart from the API client, so
 * the page's ads draw pictures without loading it.
 */
export function adImageUrl(image: string): string {
  return image.startsWith(AD_IMAGE_URL_PREFIX) ? `${apiUrl}${image}` : image;
}
