import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SampleCategory } from '@shared/contracts/samples-base';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { Input } from '@/components/Input';
import { Panel } from '@/components/Panel';
import { Text } from '@/components/Text';
import { categoryName, moved } from './file-samples.service';
import type { Language } from './file-samples.service';
import { sampleApi } from './sample-api';
import type { SampleFields } from './sample-api';
import { SampleForm, SampleRow } from './SampleEditor';

export interface CategoryEditorProps {
  category: SampleCategory;
  categories: readonly SampleCategory[];
  index: number;
  language: Language;
  busy: boolean;
  /** Runs a change, tells how it went, reloads the catalogue; the translated reason when it failed. */
  run: (action: () => Promise<unknown>, done: string) => Promise<string | undefined>;
  onMove: (step: -1 | 1) => void;
}

/** A category on the admin's page: its names, place and deletion, its files, and an upload into it. */
export function CategoryEditor({ category, categories, index, language, busy, run, onMove }: CategoryEditorProps) {
  const { t } = useTranslation('file-samples');
  const id = useId();
  const [nameCn, setNameCn] = useState(category.nameCn);
  const [nameEn, setNameEn] = useState(category.nameEn);
  const [editing, setEditing] = useState<number>();
  const [confirming, setConfirming] = useState(false);
  const renamed = nameCn.trim() !== category.nameCn || nameEn.trim() !== category.nameEn;

  const moveSample = (at: number, step: -1 | 1) =>
    void run(() => sampleApi.order({ samples: moved(category.samples, at, step).map((sample) => sample.id) }), t('edit.saved'));
  const submitNew = (fields: SampleFields, file: File | undefined) =>
    file ? run(() => sampleApi.upload(fields, file), t('edit.uploaded', { name: fields.name ?? file.name })) : Promise.resolve(undefined);

  return (
    <Panel
      title={categoryName(category, language)}
      extra={
        <div className="file-samples__actions">
          <Button size="small" disabled={index === 0 || busy} onClick={() => onMove(-1)}>
            {t('edit.moveUp')}
          </Button>
          <Button size="small" disabled={index === categories.length - 1 || busy} onClick={() => onMove(1)}>
            {t('edit.moveDown')}
          </Button>
          {confirming ? (
            <Button
              size="small"
              danger
              type="primary"
              loading={busy}
              onClick={() => void run(() => sampleApi.removeCategory(category.id), t('edit.deleted')).then(() => setConfirming(false))}
            >
              {t('edit.confirmDelete')}
            </Button>
          ) : (
            <Button size="small" danger onClick={() => setConfirming(true)}>
              {t('edit.delete')}
            </Button>
          )}
        </div>
      }
      data-testid={`category-${category.nameEn}`}
    >
      <div className="samples-edit__stack">
        <div className="samples-edit__names bb-form">
          <Field label={t('edit.nameCn')} htmlFor={`${id}-cn`}>
            <Input id={`${id}-cn`} value={nameCn} maxLength={40} onChange={(event) => setNameCn(event.target.value)} />
          </Field>
          <Field label={t('edit.nameEn')} htmlFor={`${id}-en`}>
            <Input id={`${id}-en`} value={nameEn} maxLength={40} onChange={(event) => setNameEn(event.target.value)} />
          </Field>
        </div>
        {renamed ? (
          <Button
            size="small"
            type="primary"
            loading={busy}
            onClick={() => void run(() => sampleApi.renameCategory(category.id, nameCn, nameEn), t('edit.saved'))}
          >
            {t('edit.save')}
          </Button>
        ) : null}
        <div>
          {category.samples.length === 0 ? <Text type="secondary">{t('edit.categoryEmpty')}</Text> : null}
          {category.samples.map((sample, at) =>
            editing === sample.id ? (
              <SampleForm
                key={sample.id}
                sample={sample}
                categoryId={category.id}
                categories={categories}
                language={language}
                busy={busy}
                onSubmit={async (fields, file) => {
                  const failure = await run(() => sampleApi.edit(sample.id, fields, file), t('edit.saved'));
                  if (failure === undefined) setEditing(undefined);
                  return failure;
                }}
                onCancel={() => setEditing(undefined)}
              />
            ) : (
              <SampleRow
                key={sample.id}
                sample={sample}
                first={at === 0}
                last={at === category.samples.length - 1}
                busy={busy}
                onMove={(step) => moveSample(at, step)}
                onEdit={() => setEditing(sample.id)}
                onDelete={() => void run(() => sampleApi.remove(sample.id), t('edit.deleted'))}
              />
            ),
          )}
        </div>
        <Text strong className="samples-edit__upload-title">
          {t('edit.uploadTitle', { category: categoryName(category, language) })}
        </Text>
        <SampleForm categoryId={category.id} categories={categories} language={language} busy={busy} onSubmit={submitNew} />
      </div>
    </Panel>
  );
}
