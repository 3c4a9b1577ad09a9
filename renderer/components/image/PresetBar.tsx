import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import SaveOutlined from '@ant-design/icons-svg/es/asn/SaveOutlined';
import { Suspense, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/layouts/plain/icon';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { toast } from '@/lib/notify';
import { Button } from '../Button';
import { Select } from '../Select';
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

// The name box's popover (antd's Popover, Input and their trigger family) loads with the save button's first click.
const PresetSavePart = lazyWithAntd(() => import('./PresetSavePart'));

/** Choose a built-in or saved preset, save the current settings under a name, delete a saved one. */
function PresetBarInner<S>({ toolId, builtIn, current, onApply, parse }: PresetBarProps<S>) {
  const { t } = useTranslation('components');
  const saved = usePresets((state) => state.byTool[toolId] ?? EMPTY);
  const save = usePresets((state) => state.save);
  const remove = usePresets((state) => state.remove);
  const [selected, setSelected] = useState<string>();
  const [name, setName] = useState('');
  const [open, setOpen] = useState(false);
  const [popover, setPopover] = useState(false);
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

  // Until the popover has loaded, the plain button opens it; then antd's Popover takes the button's clicks.
  const openSave = () => {
    if (popover) return;
    PresetSavePart.preload().then(
      () => {
        setPopover(true);
        setOpen(true);
      },
      () => toast.error(t('componentUnavailable')),
    );
  };
  const saveButton = (
    <Button icon={<Icon icon={SaveOutlined} />} onClick={openSave} data-testid="preset-save">
      {t('image.presets.save')}
    </Button>
  );

  return (
    <div className="bb-preset-bar" data-testid="preset-bar">
      <Select
        value={selected}
        onChange={choose}
        placeholder={t('image.presets.placeholder')}
        aria-label={t('image.presets.label')}
        className="bb-preset-bar__select"
        data-testid="preset-select"
        options={[
          { label: t('image.presets.builtIn'), options: builtIn.map((preset) => ({ value: preset.id, label: preset.name })) },
          ...(saved.length > 0
            ? [{ label: t('image.presets.label'), options: saved.map((preset) => ({ value: preset.id, label: preset.name })) }]
            : []),
        ]}
      />
      {popover ? (
        <Suspense fallback={saveButton}>
          <PresetSavePart open={open} onOpenChange={setOpen} name={name} onName={setName} onSubmit={submit}>
            {saveButton}
          </PresetSavePart>
        </Suspense>
      ) : (
        saveButton
      )}
      {isSaved && selected ? (
        <Button
          icon={<Icon icon={DeleteOutlined} />}
          aria-label={t('image.presets.remove')}
          onClick={() => {
            remove(toolId, selected);
            setSelected(undefined);
          }}
        />
      ) : null}
    </div>
  );
}

/** Memoised: a running batch re-renders the page on every progress step; the bar's props do not change then. */
export const PresetBar = memo(PresetBarInner) as typeof PresetBarInner;
