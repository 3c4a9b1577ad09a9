import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { useImageSettings } from './image-settings';
import { insertImages } from './insert-images';

/** PicHub's GitHub client, presets and database load with the first picture, not with the page. */
const pipeline = () => import('./pic-hub-pipeline');

/** The editor's onImages: the PicHub setting decides where pictures go, the document keeps them otherwise. */
export function useInsertImages(keepLocal: (files: File[]) => Promise<string>, maxBytes: number): (files: File[]) => Promise<string> {
  const { t } = useTranslation('md-editor');
  return useCallback(
    (files: File[]) =>
      insertImages(files, {
        keepLocal,
        uploadWanted: () => useImageSettings.getState().uploadToPicHub,
        findHub: async () => (await pipeline()).findConfiguredHub(),
        upload: async (hub, pictures) => (await pipeline()).uploadPictures(hub, pictures),
        reasonOf: async (error) => (await pipeline()).uploadReason(error),
        maxBytes,
        tooLarge: t('documents.imageTooLarge'),
        text: (key, options) => t(`images.${key}`, options ?? {}),
        notify: (type, message) => toast[type](message),
      }),
    [keepLocal, maxBytes, t],
  );
}
