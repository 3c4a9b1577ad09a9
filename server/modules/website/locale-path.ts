import type { SeoLanguage } from '@shared/contracts/seo';

export type LocaleResolution = { kind: 'redirect'; location: string } | { kind: 'page'; language: SeoLanguage; path: string };

/** Empty segments are dropped, which also stops `/cn//evil.example` from redirecting off-site. */
const joinSegments = (segments: readonly string[]) => `/${segments.filter((segment) => segment !== '').join('/')}`;

/**
 * Spec §2: an optional first segment names the language. cn is the fallback, so `/cn/x` redirects
 * to `/x`; `/en/x` is English; any other first segment is simply part of the path (and unknown).
 */
export function resolveLocalePath(pathname: string, search: string): LocaleResolution {
  const [, first = '', ...rest] = pathname.split('/');
  if (first === 'cn') return { kind: 'redirect', location: joinSegments(rest) + search };
  if (first === 'en') return { kind: 'page', language: 'en', path: joinSegments(rest) };
  return { kind: 'page', language: 'cn', path: joinSegments([first, ...rest]) };
}
