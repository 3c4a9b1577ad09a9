import { Alert, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '@/components/Text';

export type SaveMode = 'picker' | 'download';

interface SaveModeFieldProps {
  /** Whether the File System Access picker this mode needs exists in this browser. */
  supported: boolean;
  value: SaveMode;
  onChange: (mode: SaveMode) => void;
  pickerLabel: string;
  pickerHint?: string;
  disabled?: boolean;
}

/** Picker (File System Access) or plain downloads; where there is no picker only the download note shows. */
export function SaveModeField({ supported, value, onChange, pickerLabel, pickerHint, disabled }: SaveModeFieldProps) {
  const { t } = useTranslation('file-cutmerge');
  if (!supported) return <Alert type="info" showIcon message={t('save.noFolderSupport')} data-testid="no-fs-access" />;
  return (
    <div className="cm-field">
      <Text strong>{t('save.label')}</Text>
      <Radio.Group
        value={value}
        onChange={(event) => onChange(event.target.value as SaveMode)}
        disabled={disabled}
        options={[
          { value: 'picker', label: pickerLabel },
          { value: 'download', label: t('save.download') },
        ]}
        data-testid="save-mode"
      />
      <Text type="secondary" className="cm-help">
        {value === 'picker' ? pickerHint : t('save.downloadHint')}
      </Text>
    </div>
  );
}
