import { ColorPicker, Space } from 'antd';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './components.css';

export interface ColorFieldProps {
  /** #rrggbb */
  value: string;
  onChange: (next: string) => void;
  /** What the colour is for ("背景色"); names the swatch, and the hex box as "背景色（十六进制）". */
  label: string;
  disabled?: boolean;
  /** Quick choices inside the picker. */
  swatches?: readonly string[];
  /** The hex box's test id; the swatch gets `<testId>-swatch`. */
  testId?: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** The picker's text may carry alpha (#rrggbbaa); every colour here is opaque. */
const hex = (color: { toHexString: () => string }) => color.toHexString().slice(0, 7);

/**
 * A swatch that opens a picker, and the hex typed by hand. The picker's trigger takes no keyboard
 * focus, so the box is the keyboard's way in; a half-typed hex stays in the box without touching
 * the setting.
 */
export function ColorField({ value, onChange, label, disabled = false, swatches, testId }: ColorFieldProps) {
  const { t } = useTranslation('components');
  const [draft, setDraft] = useState<string>();
  const typed = draft ?? value;
  return (
    <Space.Compact>
      <ColorPicker
        value={value}
        disabledAlpha
        disabled={disabled}
        presets={swatches ? [{ label, colors: [...swatches] }] : undefined}
        onChangeComplete={(color) => onChange(hex(color))}
        aria-label={label}
        data-testid={testId ? `${testId}-swatch` : undefined}
      />
      <Input
        value={typed}
        maxLength={7}
        disabled={disabled}
        status={HEX.test(typed) ? undefined : 'error'}
        aria-label={t('colorHex', { name: label })}
        className="bb-color-hex"
        onChange={(event) => {
          const next = event.target.value.trim();
          setDraft(next);
          if (HEX.test(next)) onChange(next.toLowerCase());
        }}
        onBlur={() => setDraft(undefined)}
        data-testid={testId}
      />
    </Space.Compact>
  );
}
