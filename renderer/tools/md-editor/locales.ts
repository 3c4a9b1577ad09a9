import type { LocaleShape } from '@/i18n/types';
import * as documents from './documents/texts';
import * as editor from './editor/editor-texts';
import * as images from './images/image-texts';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  documents: documents.cn,
  editor: editor.cn,
  images: images.cn,
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  documents: documents.en,
  editor: editor.en,
  images: images.en,
};
