import ImportOutlined from '@ant-design/icons-svg/es/asn/ImportOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Icon } from '@/components/Icon';
import { Panel } from '@/components/Panel';
import { Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';
import { FilePickButton } from './FilePickButton';
import { TEXT_IMPORT_ACCEPT, TEXT_IMPORT_MAX_BYTES } from './text-import-limits';
import type { TextImportError } from './text-import-limits';
import type { TextImportResult } from './text-import';

/** The text to write: typed, pasted, or imported from a .txt/.md/.docx file (read here, never sent). */
export function TextPanel({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation('hand-write');
  const [problem, setProblem] = useState<TextImportError | 'unreadable'>();
  const [imported, setImported] = useState<string>();

  const onFile = async (file: File) => {
    setProblem(undefined);
    setImported(undefined);
    // Refused before reading: no need to load a huge file to say it is too big.
    if (file.size > TEXT_IMPORT_MAX_BYTES) return setProblem('tooLarge');
    let result: TextImportResult;
    try {
      const [buffer, { importText }] = await Promise.all([file.arrayBuffer(), import('./text-import')]);
      result = importText(file.name, new Uint8Array(buffer));
    } catch {
      return setProblem('unreadable');
    }
    if (!result.ok) return setProblem(result.error);
    onChange(result.text);
    setImported(file.name);
  };

  return (
    <Panel
      className="hand-write__text"
      title={t('text.title')}
      extra={
        <FilePickButton
          accept={TEXT_IMPORT_ACCEPT}
          onFile={(file) => void onFile(file)}
          icon={<Icon icon={ImportOutlined} />}
          testId="hw-import"
        >
          {t('text.import')}
        </FilePickButton>
      }
    >
      <div className="hand-write__stack">
        <TextArea
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoSize={{ minRows: 5, maxRows: 14 }}
          placeholder={t('text.placeholder')}
          aria-label={t('text.label')}
          data-testid="hw-text"
        />
        <Text type="secondary">{t('text.chars', { count: Array.from(value).length })}</Text>
        {problem ? <Alert type="error" showIcon message={t(`importErrors.${problem}`)} data-testid="hw-import-error" /> : null}
        {imported ? <Text type="secondary">{t('text.imported', { name: imported })}</Text> : null}
      </div>
    </Panel>
  );
}
