import { useTranslation } from 'react-i18next';

/**
 * The shared components' translations. Until the app registers `./locales` as its own `components`
 * namespace, the texts ride along inside the file-hasher namespace (every tool namespace is bundled
 * at start-up, so they are always there); switching is this one line.
 */
export function useComponentsTranslation() {
  return useTranslation('file-hasher', { keyPrefix: 'components' });
}
