import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrSvg } from '@/lib/qr/qr-encode';

export interface QrDialogRequest {
  title: string;
  /** One link per QR code: one otpauth:// link, or the migration links of an export. */
  links: string[];
  /** Shown under the code (e.g. which accounts Google Authenticator cannot take as they are). */
  note?: string;
}

/**
 * The spec's "QR dialog" (one account as an otpauth:// code) and "migration QR dialog" (an export
 * in batches, "1 of 3", scanned one after the other in Google Authenticator). antd's Modal, loaded
 * with the first press (lazyWithAntd) so the page's first view stays plain.
 */
export default function QrDialog({ request, onClose }: { request: QrDialogRequest; onClose: () => void }) {
  const { t } = useTranslation('otp');
  const [index, setIndex] = useState(0);
  const { links } = request;
  const link = links[Math.min(index, links.length - 1)] ?? '';
  const several = links.length > 1;
  return (
    <Modal
      open
      title={request.title}
      onCancel={onClose}
      footer={
        several
          ? [
              <Button key="previous" disabled={index === 0} onClick={() => setIndex(index - 1)} data-testid="otp-qr-previous">
                {t('dialog.previous')}
              </Button>,
              <Button
                key="next"
                type="primary"
                disabled={index === links.length - 1}
                onClick={() => setIndex(index + 1)}
                data-testid="otp-qr-next"
              >
                {t('dialog.next')}
              </Button>,
            ]
          : null
      }
      width={420}
      destroyOnHidden
    >
      <div className="otp-dialog">
        {several ? (
          <p className="otp-dialog__batch" data-testid="otp-qr-batch">
            {t('dialog.batch', { index: index + 1, size: links.length })}
          </p>
        ) : null}
        {/* qrSvg builds the markup from the QR matrix only (a path of squares), never from the text. */}
        <div className="otp-dialog__qr" data-testid="otp-qr-image" dangerouslySetInnerHTML={{ __html: qrSvg(link) }} />
        {request.note ? <p className="otp-dialog__note">{request.note}</p> : null}
        <p className="otp-dialog__hint">{t('dialog.secretHint')}</p>
      </div>
    </Modal>
  );
}
