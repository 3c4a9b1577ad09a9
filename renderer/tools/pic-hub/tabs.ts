import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Spec §2's PicHub tabs, in order; the open one is `?tab=` so a link or a reload keeps it. */
export const PIC_HUB_TABS = ['upload', 'gallery', 'storage', 'setting', 'help', 'feedback'] as const;
export type PicHubTab = (typeof PIC_HUB_TABS)[number];

/** The tab a `?tab=` value names; anything else (missing, mistyped, an old link) is the upload tab. */
export function tabOf(value: string | null): PicHubTab {
  return PIC_HUB_TABS.find((tab) => tab === value) ?? 'upload';
}

/**
 * The open tab and a way to open another, for any part of the page ("configure storage" on the
 * upload tab, "how to make a token" in the hub drawer). Opening a tab adds a history entry, so the
 * browser's back button returns to the previous tab; other query parameters are kept.
 */
export function usePicHubTab(): [PicHubTab, (tab: PicHubTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const open = useCallback(
    (next: PicHubTab) =>
      setParams((old) => {
        const updated = new URLSearchParams(old);
        if (next === 'upload') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      }),
    [setParams],
  );
  return [tab, open];
}
