import { Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteAd } from '@shared/contracts/ads-base';
import { qrSvg } from '@/lib/qr/qr-encode';
import type { AdDialogMode } from './ads-store';

export interface AdQrDialogProps {
  ad: SiteAd;
  mode: AdDialogMode;
  onClose: () => void;
  /** The link was opened from the dialog: a visit. */
  onVisit: () => void;
}

/**
 * The QR-code ad dialog (`qr`: the ad's own code, e.g. a WeChat account, which no link opens) and the
 * scan-visit dialog (`scan`: a linked ad's address as a code, to go on with it on a phone).
 */
export default function AdQrDialog({ ad, mode, onClose, onVisit }: AdQrDialogProps) {
  const { t } = useTranslation();
  // The contract: `qr` is what both dialogs show, the link when there is none.
  const payload = ad.settings.qr ?? ad.settings.link;
  const src = useMemo(() => (payload ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(payload))}` : undefined), [payload]);
  const testId = mode === 'qr' ? 'ad-qr-dialog' : 'ad-scan-dialog';
  return (
    <Modal
      open
      title={t(mode === 'qr' ? 'ads.qrTitle' : 'ads.scanTitle')}
      onCancel={onClose}
      footer={null}
      width={360}
      centered
      destroyOnHidden
    >
      <div className="bb-ad-qr" data-testid={testId}>
        {ad.settings.text ? <p className="bb-ad-qr__text">{ad.settings.text}</p> : null}
        {src ? <img className="bb-ad-qr__code" src={src} width={240} height={240} alt={t('ads.qrAlt')} data-qr={payload} /> : null}
        <p className="bb-ad-qr__hint">{t(mode === 'qr' ? 'ads.qrHint' : 'ads.scanHint')}</p>
        {mode === 'scan' && ad.settings.link ? (
          <a href={ad.settings.link} target="_blank" rel="noopener noreferrer sponsored" className="bb-ad-qr__link" onClick={onVisit}>
            {t('ads.open')}
          </a>
        ) : null}
      </div>
    </Modal>
  );
}
