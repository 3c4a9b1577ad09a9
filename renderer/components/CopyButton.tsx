import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import { Icon } from '@/layouts/plain/icon';
import { Button } from './Button';
import type { ButtonProps } from './Button';
import { toast } from '@/lib/notify';
import { copyText } from './clipboard';
import { useTranslation } from 'react-i18next';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The text to copy, or a function producing it at click time (for large exports). */
  text: string | (() => string);
  /** Shown next to the icon; without it the button is icon-only with a hint on hover and focus. */
  label?: string;
}

/** Copies `text` and confirms with the spec's '复制成功' toast (or a clear error). */
export function CopyButton({ text, label, size = 'small', type = 'text', ...rest }: CopyButtonProps) {
  const { t } = useTranslation('components');
  const onClick = () => {
    copyText(typeof text === 'function' ? text() : text).then(
      () => toast.success(t('copySuccess')),
      () => toast.error(t('copyFailed')),
    );
  };
  // The icon-only button's hint is the shell's CSS hint (data-tip, layouts/plain/plain.css), not
  // antd's Tooltip, which would bring the popup machinery (~8 KB gz) to every page with a copy button.
  return (
    <Button
      {...rest}
      size={size}
      type={type}
      icon={<Icon icon={CopyOutlined} />}
      aria-label={label ?? t('copy')}
      data-tip={label ? undefined : t('copy')}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
