import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { Icon } from '@/layouts/plain/icon';
import { Button } from './Button';
import type { ButtonProps } from './Button';
import { useState } from 'react';
import { toast } from '@/lib/notify';
import { downloadBlob } from './download';
import { useTranslation } from 'react-i18next';

export interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** Produces what to save; may be async (e.g. when the result is still being assembled). */
  getFile: () => Blob | Promise<Blob>;
  fileName: string;
  label?: string;
}

/** Saves a result file; shows a spinner while `getFile` works and a translated error if it fails. */
export function DownloadButton({ getFile, fileName, label, ...rest }: DownloadButtonProps) {
  const { t } = useTranslation('components');
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      downloadBlob(await getFile(), fileName);
    } catch (error) {
      toast.error(t('downloadFailed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...rest} icon={<Icon icon={DownloadOutlined} />} loading={busy} onClick={() => void onClick()}>
      {label ?? t('download')}
    </Button>
  );
}
