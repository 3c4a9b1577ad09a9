import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SampleCategory, SampleFile } from '@shared/contracts/samples-base';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { FileDropZone } from '@/components/FileDropZone';
import { Input } from '@/components/Input';
import { Select } from '@/components/Select';
import { Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';
import { formatFileSize } from '@/lib/format';
import { categoryName } from './file-samples.service';
import type { Language } from './file-samples.service';
import type { SampleFields } from './sample-api';

export interface SampleFormProps {
  /** The sample being edited; a new upload without it. */
  sample?: SampleFile;
  categoryId: number;
  categories: readonly SampleCategory[];
  language: Language;
  busy: boolean;
  /** Resolves to the translated reason of a refusal, which stays under the form until the next try. */
  onSubmit: (fields: SampleFields, file: File | undefined) => Promise<string | undefined>;
  onCancel?: () => void;
}

/** Upload a new sample (a file is required) or edit one (texts, category, and optionally new bytes). */
export function SampleForm({ sample, categoryId, categories, language, busy, onSubmit, onCancel }: SampleFormProps) {
  const { t } = useTranslation('file-samples');
  const id = useId();
  const [file, setFile] = useState<File>();
  const [name, setName] = useState(sample?.name ?? '');
  const [category, setCategory] = useState(categoryId);
  const [descriptionCn, setDescriptionCn] = useState(sample?.descriptionCn ?? '');
  const [descriptionEn, setDescriptionEn] = useState(sample?.descriptionEn ?? '');
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    const fields: SampleFields = { name: name.trim() || undefined, descriptionCn, descriptionEn };
    if (sample) fields.categoryId = category;
    else fields.categoryId = categoryId;
    const refused = await onSubmit(fields, file);
    setFailure(refused);
    if (refused === undefined) {
      if (!sample) {
        setFile(undefined);
        setName('');
        setDescriptionCn('');
        setDescriptionEn('');
      }
    }
  };

  return (
    <div className="bb-form" data-testid={sample ? 'sample-edit-form' : 'sample-upload-form'}>
      <Field label={sample ? t('edit.replace') : undefined}>
        <FileDropZone
          compact
          multiple={false}
          onFiles={(files) => setFile(files[0])}
          title={t('edit.pick')}
          hint={file ? t('edit.picked', { name: file.name, size: formatFileSize(file.size) }) : t('edit.pickHint')}
          inputTestId={sample ? 'sample-replace-input' : 'sample-upload-input'}
        />
      </Field>
      <Field label={t('edit.fileName')} htmlFor={`${id}-name`}>
        <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} maxLength={120} placeholder={file?.name} />
      </Field>
      {sample ? (
        <Field label={t('edit.category')}>
          <Select
            value={category}
            onChange={setCategory}
            options={categories.map((row) => ({ value: row.id, label: categoryName(row, language) }))}
            aria-label={t('edit.category')}
          />
        </Field>
      ) : null}
      <div className="samples-edit__names">
        <Field label={t('edit.descriptionCn')} htmlFor={`${id}-cn`}>
          <TextArea
            id={`${id}-cn`}
            value={descriptionCn}
            onChange={(event) => setDescriptionCn(event.target.value)}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Field>
        <Field label={t('edit.descriptionEn')} htmlFor={`${id}-en`}>
          <TextArea
            id={`${id}-en`}
            value={descriptionEn}
            onChange={(event) => setDescriptionEn(event.target.value)}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Field>
      </div>
      {failure ? <Alert type="error" showIcon title={failure} className="samples-edit__failure" data-testid="sample-form-error" /> : null}
      <div className="file-samples__actions">
        <Button
          type="primary"
          loading={busy}
          disabled={!sample && !file}
          onClick={() => void submit()}
          data-testid={sample ? 'sample-save' : 'sample-upload'}
        >
          {sample ? t('edit.save') : t('edit.upload')}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('edit.cancel')}</Button> : null}
      </div>
    </div>
  );
}

export interface SampleRowProps {
  sample: SampleFile;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One sample in the admin's list: what it is, and its move, edit and two-step delete buttons. */
export function SampleRow({ sample, first, last, busy, onMove, onEdit, onDelete }: SampleRowProps) {
  const { t } = useTranslation('file-samples');
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="samples-edit__row" data-testid={`sample-row-${sample.name}`}>
      <div className="samples-edit__row-main">
        <Text strong>{sample.name}</Text>{' '}
        <Text type="secondary">
          {sample.format} · {formatFileSize(sample.size)} · {sample.sha256.slice(0, 12)}…
        </Text>
      </div>
      <div className="file-samples__actions">
        <Button size="small" disabled={first || busy} onClick={() => onMove(-1)}>
          {t('edit.moveUp')}
        </Button>
        <Button size="small" disabled={last || busy} onClick={() => onMove(1)}>
          {t('edit.moveDown')}
        </Button>
        <Button size="small" onClick={onEdit}>
          {t('edit.edit')}
        </Button>
        {confirming ? (
          <>
            <Button size="small" danger type="primary" loading={busy} onClick={onDelete} data-testid="sample-delete-confirm">
              {t('edit.confirmDelete')}
            </Button>
            <Button size="small" onClick={() => setConfirming(false)}>
              {t('edit.cancel')}
            </Button>
          </>
        ) : (
          <Button size="small" danger onClick={() => setConfirming(true)}>
            {t('edit.delete')}
          </Button>
        )}
      </div>
    </div>
  );
}
