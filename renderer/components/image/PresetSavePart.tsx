import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { Button, Input, Popover, Space } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export interface PresetSavePartProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  onName: (name: string) => void;
  onSubmit: () => void;
  /** The "save as preset" button the popover opens from. */
  children: ReactElement;
}

/** The preset name box under the "save as preset" button: antd's Popover, loaded with antd's scope on the button's first click. */
export default function PresetSavePart({ open, onOpenChange, name, onName, onSubmit, children }: PresetSavePartProps) {
  const { t } = useTranslation('components');
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      content={
        <Space.Compact>
          <Input
            autoFocus
            value={name}
            onChange={(event) => onName(event.target.value)}
            onPressEnter={onSubmit}
            placeholder={t('image.presets.namePlaceholder')}
            maxLength={60}
            style={{ width: 260 }}
            data-testid="preset-name"
          />
          <Button
            type="primary"
            onClick={onSubmit}
            disabled={!name.trim()}
            data-testid="preset-save-confirm"
            icon={<SaveOutlined />}
            aria-label={t('image.presets.save')}
          />
        </Space.Compact>
      }
    >
      {children}
    </Popover>
  );
}
