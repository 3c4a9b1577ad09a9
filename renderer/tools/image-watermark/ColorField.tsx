import { ColorPicker, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ColorFieldProps {
  /** #rrggbb */
  value: string;
  onChange: (next: string) => void;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The text colour: a swatch that opens a picker, and the hex typed by hand. The picker's trigger
 * takes no keyboard focus, so the box is also the keyboard's way in; a half-typed hex stays in the
 * box without touching the setting.
 */
export function ColorField({ value, onChange }: ColorFieldProps) {
  const { t } = useTranslation('image-watermark');
  const [draft, setDraft] = useState<string>();
  const typed = draft ?? value;
  return (
    <Space.Compact>
      <ColorPicker value={value} disabledAlpha onChangeComplete={(color) => onChange(color.toHexString().slice(0, 7))} aria-label={t('settings.color')} data-testid="wm-color" />
      <Input
        value={typed}
        maxLength={7}
        status={HEX.test(typed) ? undefined : 'error'}
        aria-label={t('settings.colorHex')}
        style={{ width: 96 }}
        onChange={(event) => {
          const next = event.target.value.trim();
          setDraft(next);
          if (HEX.test(next)) onChange(next.toLowerCase());
        }}
        onBlur={() => setDraft(undefined)}
        data-testid="wm-color-hex"
      />
    </Space.Compact>
  );
}
