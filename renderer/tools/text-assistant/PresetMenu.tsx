import { DeleteOutlined, FolderOpenOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popover, Space } from 'antd';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { useTextAssistantStore } from './text-assistant.store';
import { Text } from '@/components/Text';

/** Save the chain under a name, load a saved one, delete one. Kept in localStorage with the chain itself. */
export function PresetMenu() {
  const { t } = useTranslation('text-assistant');
  const { steps, presets, savePreset, loadPreset, removePreset } = useTextAssistantStore();
  const [naming, setNaming] = useState(false);
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
      <Space.Compact className="ta-preset-form__row">
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
      </Space.Compact>
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
      <Popover open={naming} onOpenChange={setNaming} trigger="click" content={form} title={t('presets.save')} placement="bottomLeft">
        <Button size="small" icon={<SaveOutlined />} disabled={steps.length === 0} data-testid="preset-save">
          {t('presets.save')}
        </Button>
      </Popover>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            const preset = presets.find((item) => item.id === key);
            if (!preset) return;
            loadPreset(preset.id);
            toast.success(t('presets.loadedToast', { name: preset.name }));
          },
        }}
      >
        <Button size="small" icon={<FolderOpenOutlined />} data-testid="preset-open">
          {t('presets.saved')}
          {presets.length ? ` (${presets.length})` : ''}
        </Button>
      </Dropdown>
    </Space>
  );
}
