import ColorPicker from 'antd/es/color-picker';
import { useState } from 'react';
import type { CSSProperties } from 'react';

export interface ColorPickerPartProps {
  value: string;
  onChange: (next: string) => void;
  label: string;
  disabled: boolean;
  swatches?: readonly string[];
  testId?: string;
}

/** The picker's text may carry alpha (#rrggbbaa); every colour here is opaque. */
const hex = (color: { toHexString: () => string }) => color.toHexString().slice(0, 7);

// The swatch's end meets the hex box, as in antd's Space.Compact (an inline style: antd's own rule is more specific than ours).
const joined: CSSProperties = { borderStartEndRadius: 0, borderEndEndRadius: 0 };

/**
 * antd's ColorPicker in place of ColorField's plain swatch, loaded with antd's scope on the first
 * click and opened at once; it stays mounted after that, so later openings are antd's own.
 */
export default function ColorPickerPart({ value, onChange, label, disabled, swatches, testId }: ColorPickerPartProps) {
  const [open, setOpen] = useState(true);
  return (
    <ColorPicker
      value={value}
      open={open}
      onOpenChange={setOpen}
      disabledAlpha
      disabled={disabled}
      presets={swatches ? [{ label, colors: [...swatches] }] : undefined}
      onChangeComplete={(color) => onChange(hex(color))}
      aria-label={label}
      style={joined}
      {...(testId ? { 'data-testid': `${testId}-swatch` } : {})}
    />
  );
}
