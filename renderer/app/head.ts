import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LAYOUT_OFFSET } from '@/tools/types';
import { usePageState } from '@/stores/page';
import { useLanguage } from './language';
import { useRouteHandle } from './route-handle';

function setMeta(name: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Spec §2/§4.5: title = route title + site title; description and keywords from the route meta,
 * else the site title; topic id and layout offset follow the route.
 */
export function useRouteHead(): void {
  const { t } = useTranslation();
  const language = useLanguage();
  const handle = useRouteHandle();
  const setPage = usePageState((state) => state.set);

  useEffect(() => {
    const site = t('site.title');
    let title = `${site} - ${t('site.subTitle')}`;
    // Home's meta is the site's own: its subtitle describes it (the server injects the same).
    let description = handle?.kind === 'home' ? t('site.subTitle') : site;
    let keywords = site;
    if (handle?.kind === 'tool') {
      const meta = handle.tool.locales[language].meta;
      title = `${meta.title} - ${site}`;
      description = meta.description;
      keywords = meta.keywords;
    } else if (handle?.kind === 'page') {
      title = `${t(handle.titleKey)} - ${site}`;
    } else if (handle?.kind === 'error') {
      title = `${handle.status === 404 ? t('error.notFoundTitle') : t('error.brokenTitle')} - ${site}`;
    }
    document.title = title;
    setMeta('description', description);
    setMeta('keywords', keywords);
    setPage({
      headTitle: title,
      headDesc: description,
      headKeywords: keywords,
      topicId: handle?.kind === 'tool' ? handle.tool.meta.topicId : 0,
      layoutOffset: handle?.kind === 'tool' ? handle.tool.meta.layout.offset : DEFAULT_LAYOUT_OFFSET,
    });
  }, [handle, language, t, setPage]);
}
