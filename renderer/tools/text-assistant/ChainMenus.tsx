import { DeleteOutlined } from '@ant-design/icons';
import { Space as AntdSpace, Button, Dropdown, Popconfirm, Popover } from 'antd';
import type { ButtonProps } from 'antd';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Space } from '@/components/Space';
import { Text } from '@/components/Text';
import { toast } from '@/lib/notify';
import { ClearButton, OpenButton, SaveButton } from './chain-buttons';
import type { ChainMenu } from './chain-buttons';
import { useTextAssistantStore } from './text-assistant.store';

/**
 * The chain head's pop-ups (antd's Popover, Dropdown, Popconfirm): save the chain under a name, load
 * or delete a saved one (kept in localStorage with the chain itself), clear the chain. Loaded with
 * the first press of one of their buttons, which is then shown open (`opened`).
 */
export default function ChainMenus({ opened }: { opened: ChainMenu }) {
  const { t } = useTranslation('text-assistant');
  const { steps, presets, savePreset, loadPreset, removePreset, clear } = useTextAssistantStore();
  const [naming, setNaming] = useState(opened === 'save');
  const [listing, setListing] = useState(opened === 'open');
  const [confirming, setConfirming] = useState(opened === 'clear');
  const [name, setName] = useState('');

  const save = () => {
    const trimmed = name.trim();
    if (trimmed === '') return;
    savePreset(trimmed);
    toast.success(t('presets.savedToast', { name: trimmed }));
    setNaming(false);
    setName('');
  };

  const form = (
    <div className="ta-preset-form">
      <AntdSpace.Compact className="ta-preset-form__row">
        <Input
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={save}
          placeholder={t('presets.namePlaceholder')}
          maxLength={40}
          aria-label={t('presets.save')}
          data-testid="preset-name"
        />
        <Button type="primary" onClick={save} disabled={name.trim() === ''} data-testid="preset-save-confirm">
          {t('presets.saveConfirm')}
        </Button>
      </AntdSpace.Compact>
      <Text type="secondary" className="ta-hint">
        {t('presets.replaceHint')}
      </Text>
    </div>
  );

  const items = presets.length
    ? presets.map((preset) => ({
        key: preset.id,
        label: (
          <span className="ta-preset-item" data-testid="preset-item">
            <span className="ta-preset-item__name">{preset.name}</span>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('presets.remove', { name: preset.name })}
              onClick={(event) => {
                // The row itself loads the preset; its delete button must not.
                event.stopPropagation();
                removePreset(preset.id);
              }}
            />
          </span>
        ),
      }))
    : [{ key: 'none', label: t('presets.none'), disabled: true }];

  return (
    <Space wrap size={4}>
      <Space wrap size={4}>
        <Popover open={naming} onOpenChange={setNaming} trigger="click" content={form} title={t('presets.save')} placement="bottomLeft">
          <SaveButton />
        </Popover>
        <Dropdown
          open={listing}
          onOpenChange={setListing}
          trigger={['click']}
          menu={{
            items,
            onClick: ({ key }) => {
              const preset = presets.find((item) => item.id === key);
              if (!preset) return;
              setListing(false);
              loadPreset(preset.id);
              toast.success(t('presets.loadedToast', { name: preset.name }));
            },
          }}
        >
          <OpenButton />
        </Dropdown>
      </Space>
      <Popconfirm
        open={confirming}
        onOpenChange={setConfirming}
        title={t('chain.clearConfirm')}
        okText={t('chain.confirm')}
        cancelText={t('chain.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'chain-clear-confirm' } as ButtonProps}
        onConfirm={clear}
        disabled={steps.length === 0}
      >
        <ClearButton />
      </Popconfirm>
    </Space>
  );
}
