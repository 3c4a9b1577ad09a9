import type { SeoLanguage } from '../contracts/seo';

/**
 * The web app manifests (one per language, so the installed app and the install prompt carry the
 * language's name). The build writes them from `webManifest`; the server's first HTML and the app's
 * head after a language switch link the one of the page's language (`pageHead().manifest`).
 */
export const MANIFEST_HREF: Record<SeoLanguage, string> = { cn: '/manifest.webmanifest', en: '/en/manifest.webmanifest' };

/**
 * The shell's colours: theme = the header (antd colorBgContainer), background = the page behind the
 * cards (colorBgLayout), in the light and the dark algorithm.
 */
export const THEME_COLORS = {
  light: { theme: '#ffffff', background: '#f5f5f5' },
  dark: { theme: '#141414', background: '#000000' },
} as const;

/** Files under resources/public/icons, written by scripts/make-pwa-icons.ts from favicon.svg. */
export const PWA_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
] as const;

export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';

const START_URL: Record<SeoLanguage, string> = { cn: '/', en: '/en' };
const LANG: Record<SeoLanguage, string> = { cn: 'zh-CN', en: 'en' };

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  /** The color-scheme proposal (w3c/manifest#975): Chromium behind a flag today, ignored elsewhere. */
  user_preferences: { color_scheme: { dark: { theme_color: string; background_color: string } } };
  categories: string[];
  icons: readonly { src: string; sizes: string; type: string; purpose: string }[];
}

/**
 * One installable app per language: its id and start page are the language's home, so installing
 * the English site gives "Baibao" opening /en. The scope is the whole site, so an in-app language
 * switch stays inside the installed window.
 */
export function webManifest(language: SeoLanguage, site: { title: string; subTitle: string }): WebManifest {
  return {
    id: START_URL[language],
    name: site.subTitle ? `${site.title} - ${site.subTitle}` : site.title,
    short_name: site.title,
    description: site.subTitle || site.title,
    lang: LANG[language],
    dir: 'ltr',
    start_url: START_URL[language],
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLORS.light.theme,
    background_color: THEME_COLORS.light.background,
    user_preferences: { color_scheme: { dark: { theme_color: THEME_COLORS.dark.theme, background_color: THEME_COLORS.dark.background } } },
    categories: ['utilities', 'productivity'],
    icons: PWA_ICONS,
  };
}
