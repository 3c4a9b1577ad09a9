import { CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ButtonProps } from 'antd';
import { toast } from '@/lib/notify';
import { copyText } from './clipboard';
import { useTranslation } from 'react-i18next';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The text to copy, or a function producing it at click time (for large exports). */
  text: string | (() => string);
  /** Shown next to the icon; without it the button is icon-only with a tooltip. */
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
  const button = (
    <Button {...rest} size={size} type={type} icon={<CopyOutlined />} aria-label={label ?? t('copy')} onClick={onClick}>
      {label}
    </Button>
  );
  return label ? button : <Tooltip title={t('copy')}>{button}</Tooltip>;
}
