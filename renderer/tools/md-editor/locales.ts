import type { LocaleShape } from '@/i18n/types';
import * as documents from './documents/texts';
import * as editor from './editor/editor-texts';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  documents: documents.cn,
  editor: editor.cn,
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  documents: documents.en,
  editor: editor.en,
};
