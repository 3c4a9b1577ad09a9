import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerAd } from '@shared/contracts/ads-base';
import { AdPreview } from './AdPreview';

/** A table row's small copy of the ad; a click shows it full size, as the site will draw it. */
export function AdPreviewCell({ ad }: { ad: Pick<CustomerAd, 'id' | 'type' | 'settings'> }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const title = t('ads.previewOf', { type: t(`ads.types.${ad.type}`) });
  return (
    <>
      <button
        type="button"
        className="ad-preview-button"
        onClick={() => setOpen(true)}
        aria-label={title}
        data-testid={`ad-preview-${ad.id}`}
      >
        <AdPreview type={ad.type} settings={ad.settings} thumbnail />
      </button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={title} width={780} destroyOnHidden>
        <div data-testid="ad-preview-full">
          <AdPreview type={ad.type} settings={ad.settings} />
        </div>
      </Modal>
    </>
  );
}
