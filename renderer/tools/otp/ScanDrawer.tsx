import { Drawer, Grid } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpAccount } from '@shared/otp/account';
import { Alert } from '@/components/Alert';
import { errorKey, linksFromQrTexts } from './otp.service';
import type { ParsedLinks } from './otp.service';
import { QrImport } from './QrImport';
import type { QrTextsHandler } from './QrImport';

export interface ScanDrawerProps {
  /** Pictures pasted on the page while the drawer was closed: read as soon as it opens. */
  files?: File[];
  onClose: () => void;
  onAdd: (accounts: OtpAccount[], group: string, batches: ParsedLinks['batches']) => Promise<void>;
}

/**
 * Spec §2's QR scan drawer: the camera, picture files (picked, dropped, or pasted — a screenshot of
 * Google Authenticator's export on a desktop), several at once. Codes found are added at once and
 * the drawer closes, the page saying what was added; a refusal stays in the drawer with its reason.
 * A Google Authenticator export of several codes keeps the drawer (and camera) open until every
 * batch was read, saying how many are still to come: one missed code is one lost account set.
 * From the right on wide screens, from the bottom at 90vh on phones; antd's Drawer, loaded on first use.
 */
export default function ScanDrawer({ files, onClose, onAdd }: ScanDrawerProps) {
  const { t } = useTranslation('otp');
  const wide = Grid.useBreakpoint().md ?? true;
  const [error, setError] = useState('');
  const [progress, setProgress] = useState('');
  /** Codes already added in this drawer, so the camera does not add the same frame's code again. */
  const added = useRef(new Set<string>());
  /** Migration batches read in this drawer (1-based indexes) and how many the export has. */
  const batches = useRef({ seen: new Set<number>(), size: 0 });
  const showError = (caught: unknown) => setError(t(`errors.${errorKey(caught)}`));

  /** false keeps the camera looking: a code that is not an OTP link is refused, the next frame may be. */
  const onTexts: QrTextsHandler = async (texts, source) => {
    if (source === 'camera' && texts.every((text) => added.current.has(text))) return false;
    let parsed: ParsedLinks;
    try {
      parsed = linksFromQrTexts(texts);
    } catch (caught) {
      showError(caught);
      return false;
    }
    setError('');
    for (const text of texts) added.current.add(text);
    await onAdd(parsed.accounts, '', parsed.batches);
    for (const batch of parsed.batches) {
      if (batch.size !== batches.current.size) batches.current = { seen: new Set(), size: batch.size };
      batches.current.seen.add(batch.index);
    }
    const { seen, size } = batches.current;
    if (parsed.batches.length > 0 && seen.size < size) {
      setProgress(t('scan.moreBatches', { seen: seen.size, size }));
      return false;
    }
    onClose();
    return true;
  };

  return (
    <Drawer
      open
      onClose={onClose}
      title={t('scan.title')}
      placement={wide ? 'right' : 'bottom'}
      size={wide ? 480 : '90vh'}
      destroyOnHidden
      data-testid="otp-scan-drawer"
    >
      <div className="otp-scan">
        <p className="otp-scan__text">{t('scan.text')}</p>
        {progress ? <Alert type="info" showIcon message={progress} data-testid="otp-scan-progress" /> : null}
        <QrImport onTexts={onTexts} onError={showError} initialFiles={files} />
        {error ? <Alert type="error" showIcon message={error} data-testid="otp-scan-error" /> : null}
      </div>
    </Drawer>
  );
}
