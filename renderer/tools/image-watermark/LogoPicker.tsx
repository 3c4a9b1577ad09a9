import { PictureOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LOGO_BYTES } from '@shared/contracts/image-overlay';
import { imageErrorCode } from '@shared/contracts/image';
import { platform } from '@/platform';

export interface Logo {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** Object URL of the logo for its thumbnail; revoked when another logo replaces it. */
  url: string;
}

export interface LogoPickerProps {
  value: Logo | undefined;
  onChange: (logo: Logo) => void;
}

/** Picks the logo file; it is probed by the image engine first, so a broken file is refused here, not per image. */
export function LogoPicker({ value, onChange }: LogoPickerProps) {
  const { t } = useTranslation('image-watermark');
  const { t: tc } = useTranslation('components');
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const url = value?.url;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (file.size > MAX_LOGO_BYTES) {
      setError(t('settings.logoTooLarge'));
      return;
    }
    try {
      await platform.image.probe(file);
      const bytes = new Uint8Array(await file.arrayBuffer());
      onChange({ name: file.name, bytes, url: URL.createObjectURL(new Blob([bytes], { type: file.type })) });
    } catch (caught) {
      const code = imageErrorCode(caught);
      setError(t('settings.logoError', { reason: code ? tc(`image.errors.${code}`) : String(caught) }));
    }
  };

  return (
    <Space direction="vertical" size={6} style={{ width: '100%' }}>
      <Space wrap>
        {value ? <img className="image-watermark__logo-thumb" src={value.url} alt={value.name} /> : null}
        <Button icon={<PictureOutlined />} onClick={() => input.current?.click()} data-testid="wm-logo-pick">
          {value ? t('settings.logoChange') : t('settings.logoPick')}
        </Button>
        {value ? <Typography.Text type="secondary">{value.name}</Typography.Text> : null}
      </Space>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid="wm-logo-input"
      />
      <Typography.Text type="secondary">{t('settings.logoHint')}</Typography.Text>
      {error ? <Alert type="error" showIcon message={error} data-testid="wm-logo-error" /> : null}
    </Space>
  );
}
