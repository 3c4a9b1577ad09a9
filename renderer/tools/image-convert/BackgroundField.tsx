import { ColorPicker, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface BackgroundFieldProps {
  /** #rrggbb */
  value: string;
  onChange: (next: string) => void;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const SWATCHES = ['#ffffff', '#000000', '#f5f5f5', '#1677ff', '#ff4d4f', '#52c41a'];
/** The picker's text may carry alpha (#rrggbbaa); JPEG and BMP have none. */
const hex = (color: { toHexString: () => string }) => color.toHexString().slice(0, 7);

/**
 * The flattening colour: a swatch that opens a picker, and the hex typed by hand. The swatch shows
 * the colour as soon as it is valid; a half-typed hex stays in the box without touching the setting.
 */
export function BackgroundField({ value, onChange }: BackgroundFieldProps) {
  const { t } = useTranslation('image-convert');
  const [draft, setDraft] = useState<string>();
  const typed = draft ?? value;
  return (
    <Space.Compact>
      <ColorPicker
        value={value}
        disabledAlpha
        presets={[{ label: t('settings.background'), colors: SWATCHES }]}
        onChange={(color) => onChange(hex(color))}
        aria-label={t('settings.background')}
        data-testid="convert-background-swatch"
      />
      <Input
        value={typed}
        maxLength={7}
        status={HEX.test(typed) ? undefined : 'error'}
        aria-label={t('settings.backgroundHex')}
        style={{ width: 110 }}
        onChange={(event) => {
          const next = event.target.value.trim();
          setDraft(next);
          if (HEX.test(next)) onChange(next.toLowerCase());
        }}
        onBlur={() => setDraft(undefined)}
        data-testid="convert-background-hex"
      />
    </Space.Compact>
  );
}
