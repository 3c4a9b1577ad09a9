import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/Panel';
import { CropEditor } from './CropEditor';
import type { CropEditorProps } from './CropEditor';
import { RatioPicker } from './RatioPicker';

/**
 * Ratio presets and the crop editor, shown once images are added: built with antd (Select, Spin,
 * Tooltip…), so the page loads it with antd's scope then (`lazyWithAntd`), not with its first view.
 */
export default function CropPanel(props: CropEditorProps) {
  const { t } = useTranslation('image-resizer');
  return (
    <Panel title={t('crop.title')}>
      <RatioPicker value={props.value} onChange={props.onChange} />
      <CropEditor {...props} />
    </Panel>
  );
}
