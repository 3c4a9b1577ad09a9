import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { Input } from '@/components/Input';
import { LinkButton } from '@/components/LinkButton';
import { PageHeading } from '@/components/PageHeading';
import { Panel } from '@/components/Panel';
import { Spin } from '@/components/Spin';
import { Paragraph } from '@/components/Text';
import { toast } from '@/lib/notify';
import { CategoryEditor } from './CategoryEditor';
import { languageOf, moved } from './file-samples.service';
import { sampleApi } from './sample-api';
import { useCatalogue } from './use-catalogue';
import './file-samples.css';

/**
 * /file/samples/edit (spec §2, admin only: the route's guard, and every call is checked again by
 * the API): categories and their files, added, replaced, renamed, described in both languages,
 * moved and deleted.
 */
export default function SamplesEditPage() {
  const { t, i18n } = useTranslation('file-samples');
  const language = languageOf(i18n.language);
  const id = useId();
  const { state, reload } = useCatalogue();
  const [busy, setBusy] = useState(false);
  const [nameCn, setNameCn] = useState('');
  const [nameEn, setNameEn] = useState('');

  const run = async (action: () => Promise<unknown>, done: string): Promise<string | undefined> => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      return undefined;
    } catch (error) {
      const failure = t('edit.failed', { message: error instanceof Error ? error.message : String(error) });
      toast.error(failure);
      return failure;
    } finally {
      await reload();
      setBusy(false);
    }
  };

  const addCategory = async () => {
    if ((await run(() => sampleApi.addCategory(nameCn, nameEn), t('edit.saved'))) === undefined) {
      setNameCn('');
      setNameEn('');
    }
  };

  const categories = state.status === 'ready' ? state.catalogue.categories : [];
  return (
    <div className="file-samples samples-edit__stack" data-testid="samples-edit-page">
      <div className="file-samples__head">
        <PageHeading level={1} look={3} style={{ margin: 0 }}>
          {t('edit.title')}
        </PageHeading>
        <LinkButton to={language === 'en' ? '/en/file/samples' : '/file/samples'}>{t('edit.back')}</LinkButton>
      </div>
      <Paragraph type="secondary">{t('edit.intro')}</Paragraph>
      {state.status === 'loading' ? <Spin tip={t('loading')} /> : null}
      {state.status === 'error' ? <Alert type="error" showIcon title={t('loadFailed', { message: state.message })} /> : null}
      {categories.map((category, index) => (
        <CategoryEditor
          key={`${category.id}-${category.nameCn}-${category.nameEn}`}
          category={category}
          categories={categories}
          index={index}
          language={language}
          busy={busy}
          run={run}
          onMove={(step) =>
            void run(() => sampleApi.order({ categories: moved(categories, index, step).map((row) => row.id) }), t('edit.saved'))
          }
        />
      ))}
      {state.status === 'ready' ? (
        <Panel title={t('edit.newCategory')} data-testid="sample-new-category">
          <div className="samples-edit__names bb-form">
            <Field label={t('edit.nameCn')} htmlFor={`${id}-cn`}>
              <Input id={`${id}-cn`} value={nameCn} maxLength={40} onChange={(event) => setNameCn(event.target.value)} />
            </Field>
            <Field label={t('edit.nameEn')} htmlFor={`${id}-en`}>
              <Input id={`${id}-en`} value={nameEn} maxLength={40} onChange={(event) => setNameEn(event.target.value)} />
            </Field>
          </div>
          <Button type="primary" loading={busy} disabled={!nameCn.trim() || !nameEn.trim()} onClick={() => void addCategory()}>
            {t('edit.add')}
          </Button>
        </Panel>
      ) : null}
    </div>
  );
}
