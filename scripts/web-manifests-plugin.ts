import type { Plugin } from 'vite';
import { APPLE_TOUCH_ICON, MANIFEST_HREF, THEME_COLORS, webManifest } from '../shared/pwa/web-manifest';
import type { SeoLanguage } from '../shared/contracts/seo';
import { cn } from '../renderer/i18n/locales/common';
import { en } from '../renderer/i18n/locales/common-en';

const SITE: Record<SeoLanguage, { title: string; subTitle: string }> = { cn: cn.site, en: en.site };
const LANGUAGES = Object.keys(MANIFEST_HREF) as SeoLanguage[];

const manifestText = (language: SeoLanguage) => `${JSON.stringify(webManifest(language, SITE[language]), null, 2)}\n`;

/**
 * Writes one web app manifest per language (names from the shell's locale texts) into the build,
 * before the service worker plugin lists the files to precache; the dev server answers them too.
 * index.html gets the theme colours (a light/dark pair for the first paint) and the iOS icon. The
 * manifest link is per language, so the server's first HTML and the app's head write it.
 */
export function webManifests(): Plugin {
  return {
    name: 'baibao-web-manifests',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const language = LANGUAGES.find((candidate) => MANIFEST_HREF[candidate] === req.url);
        if (!language) return next();
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(manifestText(language));
      });
    },
    transformIndexHtml: () => [
      ...(['light', 'dark'] as const).map((scheme) => ({
        tag: 'meta',
        attrs: { name: 'theme-color', media: `(prefers-color-scheme: ${scheme})`, content: THEME_COLORS[scheme].theme },
        injectTo: 'head' as const,
      })),
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: APPLE_TOUCH_ICON }, injectTo: 'head' as const },
    ],
    generateBundle() {
      for (const language of LANGUAGES)
        this.emitFile({ type: 'asset', fileName: MANIFEST_HREF[language].slice(1), source: manifestText(language) });
    },
  };
}
