import { Suspense, useState } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { Input } from './Input';
import './color-field.css';

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

// antd's ColorPicker (with its trigger family and antd's style engine) loads with the first opening.
const ColorPickerPart = lazyWithAntd(() => import('./ColorPickerPart'));

/**
 * A swatch that opens a picker, and the hex typed by hand. The swatch is drawn plainly, as antd's
 * picker trigger looks (color-field.css), and swaps itself for antd's ColorPicker, opened, on the
 * first click: the page shows no antd until then. The box is the keyboard's way in (antd's trigger
 * takes no focus; the plain swatch does, and opens the picker on Enter or Space); a half-typed hex
 * stays in the box without touching the setting.
 */
export function ColorField({ value, onChange, label, disabled = false, swatches, testId }: ColorFieldProps) {
  const { t } = useTranslation('components');
  const [draft, setDraft] = useState<string>();
  const [picking, setPicking] = useState(false);
  const typed = draft ?? value;
  const swatchId = testId ? `${testId}-swatch` : undefined;
  const open = () => {
    ColorPickerPart.preload().then(
      () => setPicking(true),
      () => toast.error(t('componentUnavailable')),
    );
  };
  const swatch = (
    <button
      type="button"
      className="bb-color-swatch"
      disabled={disabled}
      aria-label={label}
      aria-haspopup="dialog"
      onPointerEnter={() => void ColorPickerPart.preload().catch(() => undefined)}
      onClick={open}
      data-testid={swatchId}
    >
      <span className="bb-color-swatch__block">
        <span className="bb-color-swatch__inner" style={{ background: value } as CSSProperties} />
      </span>
    </button>
  );
  return (
    <span className="bb-color-field">
      {picking ? (
        <Suspense fallback={swatch}>
          <ColorPickerPart value={value} onChange={onChange} label={label} disabled={disabled} swatches={swatches} testId={testId} />
        </Suspense>
      ) : (
        swatch
      )}
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
    </span>
  );
}
