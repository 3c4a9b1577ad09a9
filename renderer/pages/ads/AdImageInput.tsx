import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_IMAGE_TYPES } from '@shared/contracts/ads-base';
import { FileDropZone } from '@/components/FileDropZone';
import { adImageUrl } from '@/http/customer-ads';
import type { AdImageValue } from './ad-form';

/**
 * A picked file as an address the page can show. A data: address (the picture is at most 2 MB)
 * needs no release, so nothing leaks whichever way the field goes.
 */
export function useFilePreview(file: File | undefined): string | undefined {
  const [preview, setPreview] = useState<{ file: File; url: string }>();
  useEffect(() => {
    if (!file) return undefined;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      reader.onload = null;
      reader.abort();
    };
  }, [file]);
  return file && preview?.file === file ? preview.url : undefined;
}

export interface AdImageInputProps {
  value?: AdImageValue;
  onChange?: (next: AdImageValue) => void;
  /** The picked file's address, for the preview the form draws. */
  previewUrl?: string;
  hint: string;
}

/** The ad's picture as a form field: the one drop zone to pick it, the picture shown, and a way to remove it. */
export function AdImageInput({ value, onChange, previewUrl, hint }: AdImageInputProps) {
  const { t } = useTranslation('account');
  const shown = previewUrl ?? (value?.url ? adImageUrl(value.url) : undefined);
  return (
    <div className="ad-image-field">
      {shown ? (
        <div className="ad-image-field__current">
          <img src={shown} alt={t('ads.fields.image')} data-testid="ad-image-current" />
          <Button size="small" onClick={() => onChange?.({})} data-testid="ad-image-remove">
            {t('ads.removeImage')}
          </Button>
        </div>
      ) : null}
      <FileDropZone
        compact
        multiple={false}
        accept={AD_IMAGE_TYPES.join(',')}
        title={t('ads.pickImage')}
        hint={hint}
        onFiles={([file]) => onChange?.({ file })}
        inputTestId="ad-image-input"
      />
    </div>
  );
}
