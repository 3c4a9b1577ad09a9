import { useTranslation } from 'react-i18next';
import type { NotRendered } from './psd-model';

/** The features the compositor leaves out, in words: `effect:dropShadow` → 图层样式“投影”. */
export function useFeatureLabel(): (feature: NotRendered) => string {
  const { t } = useTranslation('psd');
  return (feature) => {
    const [kind, name = ''] = feature.split(/:(.*)/s) as [string, string?];
    const names: Record<string, Record<string, string>> = {
      blend: t('blendModes', { returnObjects: true }),
      effect: t('effects', { returnObjects: true }),
      adjustment: t('adjustments', { returnObjects: true }),
      fill: t('fills', { returnObjects: true }),
    };
    const label = names[kind]?.[name] ?? name;
    if (kind === 'blend' || kind === 'effect' || kind === 'adjustment' || kind === 'fill') return t(`notice.${kind}`, { name: label });
    return label;
  };
}
