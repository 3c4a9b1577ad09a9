import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Input, Popover, Select, Space } from 'antd';
import { useState, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { usePresets } from './presets';
import type { Preset } from './presets';

export interface PresetBarProps<S> {
  toolId: string;
  /** Presets the tool ships with (translated names); they cannot be deleted. */
  builtIn: readonly Preset<S>[];
  current: S;
  onApply: (settings: S) => void;
  /** Narrows stored settings (from an older version of the tool) to the current shape. */
  parse: (stored: unknown) => S | undefined;
}

const EMPTY: readonly Preset<unknown>[] = [];

/** Choose a built-in or saved preset, save the current settings under a name, delete a saved one. */
function PresetBarInner<S>({ toolId, builtIn, current, onApply, parse }: PresetBarProps<S>) {
  const { t } = useTranslation('components');
  const saved = usePresets((state) => state.byTool[toolId] ?? EMPTY);
  const save = usePresets((state) => state.save);
  const remove = usePresets((state) => state.remove);
  const [selected, setSelected] = useState<string>();
  const [name, setName] = useState('');
  const [open, setOpen] = useState(false);
  const isSaved = saved.some((preset) => preset.id === selected);

  const choose = (id: string) => {
    setSelected(id);
    const preset = [...builtIn, ...saved].find((candidate) => candidate.id === id);
    const settings = preset ? parse(preset.settings) : undefined;
    if (settings) onApply(settings);
  };
  const submit = () => {
    if (!name.trim()) return;
    const preset = save(toolId, name, current);
    setSelected(preset.id);
    setOpen(false);
    setName('');
    toast.success(t('image.presets.saved', { name: preset.name }));
  };

  return (
    <Space wrap size={8} data-testid="preset-bar">
      <Select
        value={selected}
        onChange={choose}
        placeholder={t('image.presets.placeholder')}
        aria-label={t('image.presets.label')}
        style={{ minWidth: 220 }}
        data-testid="preset-select"
        options={[
          { label: t('image.presets.builtIn'), options: builtIn.map((preset) => ({ value: preset.id, label: preset.name })) },
          ...(saved.length > 0
            ? [{ label: t('image.presets.label'), options: saved.map((preset) => ({ value: preset.id, label: preset.name })) }]
            : []),
        ]}
      />
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        content={
          <Space.Compact>
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              onPressEnter={submit}
              placeholder={t('image.presets.namePlaceholder')}
              maxLength={60}
              style={{ width: 260 }}
              data-testid="preset-name"
            />
            <Button
              type="primary"
              onClick={submit}
              disabled={!name.trim()}
              data-testid="preset-save-confirm"
              icon={<SaveOutlined />}
              aria-label={t('image.presets.save')}
            />
          </Space.Compact>
        }
      >
        <Button icon={<SaveOutlined />} data-testid="preset-save">
          {t('image.presets.save')}
        </Button>
      </Popover>
      {isSaved && selected ? (
        <Button
          icon={<DeleteOutlined />}
          aria-label={t('image.presets.remove')}
          onClick={() => {
            remove(toolId, selected);
            setSelected(undefined);
          }}
        />
      ) : null}
    </Space>
  );
}

/** Memoised: a running batch re-renders the page on every progress step; the bar's props do not change then. */
export const PresetBar = memo(PresetBarInner) as typeof PresetBarInner;
