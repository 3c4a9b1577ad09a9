import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  intro: '百宝箱每个版本带来了什么。',
  feedbackLink: '有建议或发现问题？请告诉我们',
  kind: { feature: '新功能', improvement: '改进', fix: '修复' },
  releaseLabel: '版本 {{version}}，{{date}}',
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  intro: 'What each Baibao release brought.',
  feedbackLink: 'An idea, or something wrong? Tell us',
  kind: { feature: 'New', improvement: 'Improved', fix: 'Fixed' },
  releaseLabel: 'Version {{version}}, {{date}}',
};
