import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistedSettings } from '@/lib/persisted-settings';

interface ImageSettings {
  /** Pasted and dropped pictures go to the user's PicHub hub instead of into the document. */
  uploadToPicHub: boolean;
  setUploadToPicHub(on: boolean): void;
}

export const useImageSettings = create<ImageSettings>()(
  persist(
    (set) => ({
      uploadToPicHub: false,
      setUploadToPicHub: (uploadToPicHub) => set({ uploadToPicHub }),
    }),
    persistedSettings<ImageSettings, Pick<ImageSettings, 'uploadToPicHub'>>({
      key: 'baibao:md-editor-images',
      pick: ({ uploadToPicHub }) => ({ uploadToPicHub }),
      restore: (stored) => ({
        uploadToPicHub: typeof stored === 'object' && stored !== null && (stored as { uploadToPicHub?: unknown }).uploadToPicHub === true,
      }),
    }),
  ),
);
