import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LOGO_BYTES } from '@shared/contracts/image-overlay-base';
import { ImageError, imageErrorCode } from '@shared/contracts/image-base';
import { platform } from '@/platform';
import { svgViewBoxSize } from './image-watermark.service';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';

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

/** Longest side an SVG logo is drawn at: sharp at any logo width the form allows on common photos. */
const SVG_SIDE = 2048;

const isSvg = (file: File) => file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);

/**
 * An SVG logo as a PNG: neither engine decodes SVG (the browser's workers have no <img>), and
 * logos often come as SVG. Drawn once on this thread, which is fine for a logo; a broken SVG fails
 * the decode and gets the "cannot read" message.
 */
async function svgToPng(file: File): Promise<File> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode().catch(() => {
      throw new ImageError('decode', 'svg');
    });
    const natural =
      image.naturalWidth > 0 && image.naturalHeight > 0
        ? { width: image.naturalWidth, height: image.naturalHeight }
        : svgViewBoxSize(await file.text());
    if (!natural) throw new ImageError('decode', 'svg without a size');
    const scale = SVG_SIDE / Math.max(natural.width, natural.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(natural.width * scale));
    canvas.height = Math.max(1, Math.round(natural.height * scale));
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    canvas.width = canvas.height = 0;
    if (!png) throw new ImageError('decode', 'svg could not be drawn');
    return new File([png], `${file.name.replace(/\.svg$/i, '')}.png`, { type: 'image/png' });
  } finally {
    URL.revokeObjectURL(url);
  }
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
      const bitmap = isSvg(file) ? await svgToPng(file) : file;
      await platform.image.probe(bitmap);
      const bytes = new Uint8Array(await bitmap.arrayBuffer());
      onChange({ name: file.name, bytes, url: URL.createObjectURL(new Blob([bytes], { type: bitmap.type })) });
    } catch (caught) {
      const code = imageErrorCode(caught);
      setError(t('settings.logoError', { reason: code ? tc(`image.errors.${code}`) : String(caught) }));
    }
  };

  return (
    <div className="image-watermark__logo">
      <div className="image-watermark__logo-row">
        {value ? <img className="image-watermark__logo-thumb" src={value.url} alt={value.name} /> : null}
        <Button icon={<Icon icon={PictureOutlined} />} onClick={() => input.current?.click()} data-testid="wm-logo-pick">
          {value ? t('settings.logoChange') : t('settings.logoPick')}
        </Button>
        {value ? <Text type="secondary">{value.name}</Text> : null}
      </div>
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
      <Text type="secondary">{t('settings.logoHint')}</Text>
      {error ? <Alert type="error" showIcon message={error} data-testid="wm-logo-error" /> : null}
    </div>
  );
}
