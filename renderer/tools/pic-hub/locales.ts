import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';
import * as common from './texts/common';
import * as gallery from './texts/gallery';
import * as help from './texts/help';
import * as setting from './texts/setting';
import * as storage from './texts/storage';
import * as upload from './texts/upload';

export const cn = {
  meta: meta.cn,
  common: common.cn,
  upload: upload.cn,
  gallery: gallery.cn,
  storage: storage.cn,
  setting: setting.cn,
  help: help.cn,
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  common: common.en,
  upload: upload.en,
  gallery: gallery.en,
  storage: storage.en,
  setting: setting.en,
  help: help.en,
};
