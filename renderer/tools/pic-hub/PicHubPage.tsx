import { Suspense, lazy, useLayoutEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spin } from '@/components/Spin';
import { Tabs } from '@/components/Tabs';
import { HubLine } from './HubLine';
import { PIC_HUB_TABS, usePicHubTab } from './tabs';
import type { PicHubTab } from './tabs';
import { errorKindOf } from '@/lib/pic-hub-upload';
import type { PicHubErrorKind } from '@/lib/pic-hub-upload';
import { followPicHubSession, loadPicHub } from './stores';
import { UploadTab } from './UploadTab';
import '@/components/components.css';
import './pic-hub.css';

// The upload tab is the first view; the others load when first opened (their panels stay mounted after).
const GalleryTab = lazy(() => import('./GalleryTab').then((module) => ({ default: module.GalleryTab })));
const StorageTab = lazy(() => import('./StorageTab').then((module) => ({ default: module.StorageTab })));
const SettingTab = lazy(() => import('./SettingTab').then((module) => ({ default: module.SettingTab })));
const HelpTab = lazy(() => import('./HelpTab').then((module) => ({ default: module.HelpTab })));
const FeedbackTab = lazy(() => import('./FeedbackTab').then((module) => ({ default: module.FeedbackTab })));

/** /pic/hub: upload to the user's own GitHub repository, the uploaded files, the hubs, settings, help. */
export default function PicHubPage() {
  const { t } = useTranslation('pic-hub');
  const [tab, openTab] = usePicHubTab();
  // Started before the first paint, so the upload tab shows "loading" rather than "no hub" at first.
  // A browser whose database cannot open (private mode, full disk) still shows the page, with why.
  const [loadError, setLoadError] = useState<PicHubErrorKind>();
  useLayoutEffect(() => {
    let current = true;
    const failed = (error: unknown) => current && setLoadError(errorKindOf(error));
    loadPicHub().catch(failed);
    const unfollow = followPicHubSession(failed);
    return () => {
      current = false;
      unfollow();
    };
  }, []);
  const panel = (node: ReactNode) => <Suspense fallback={<Spin className="pic-hub__loading" tip={t('common.loading')} />}>{node}</Suspense>;
  const panels: Record<PicHubTab, ReactNode> = {
    upload: <UploadTab active={tab === 'upload'} openTab={openTab} loadError={loadError} />,
    gallery: panel(<GalleryTab />),
    storage: panel(<StorageTab />),
    setting: panel(<SettingTab />),
    help: panel(<HelpTab />),
    feedback: panel(<FeedbackTab />),
  };
  return (
    <div className="pic-hub">
      <HubLine onConfigure={() => openTab('storage')} />
      <Tabs<PicHubTab>
        className="pic-hub__tabs"
        aria-label={t('common.tabs.label')}
        activeKey={tab}
        onChange={openTab}
        items={PIC_HUB_TABS.map((key) => ({
          key,
          label: <span data-testid={`pic-hub-tab-${key}`}>{t(`common.tabs.${key}`)}</span>,
          children: panels[key],
        }))}
      />
    </div>
  );
}
