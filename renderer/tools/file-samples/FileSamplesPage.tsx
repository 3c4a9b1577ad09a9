import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Empty } from '@/components/Empty';
import { LinkButton } from '@/components/LinkButton';
import { PageHeading } from '@/components/PageHeading';
import { Spin } from '@/components/Spin';
import { Paragraph } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { categoryName, filledCategories, languageOf } from './file-samples.service';
import { SampleCard } from './SampleCard';
import { useCatalogue, useIsAdmin } from './use-catalogue';
import './file-samples.css';

/** /file/samples: the catalogue by category, every file with its facts, checksums, preview and download. */
export default function FileSamplesPage() {
  const { t, i18n } = useTranslation('file-samples');
  const language = languageOf(i18n.language);
  const { state, reload } = useCatalogue();
  const isAdmin = useIsAdmin();
  const [chosen, setChosen] = useState<number | 'all'>('all');

  const categories = state.status === 'ready' ? filledCategories(state.catalogue) : [];
  const shown = categories.filter((category) => chosen === 'all' || category.id === chosen);

  return (
    <div className="file-samples" data-testid="file-samples-page">
      {/* The shell heads the page with the tool's title and description. */}
      <div className="file-samples__head">
        <Paragraph type="secondary" style={{ margin: 0 }}>
          {t('intro')}
        </Paragraph>
        {isAdmin ? (
          <LinkButton to={language === 'en' ? '/en/file/samples/edit' : '/file/samples/edit'} icon={<Icon icon={EditOutlined} />}>
            {t('manage')}
          </LinkButton>
        ) : null}
      </div>
      {state.status === 'loading' ? <Spin tip={t('loading')} data-testid="file-samples-loading" /> : null}
      {state.status === 'error' ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed', { message: state.message })}
          action={
            <Button size="small" onClick={() => void reload()}>
              {t('retry')}
            </Button>
          }
        />
      ) : null}
      {state.status === 'ready' && categories.length === 0 ? <Empty description={t('empty')} /> : null}
      {categories.length > 0 ? (
        <div className="file-samples__filter" role="group" aria-label={t('filter')}>
          {[
            { id: 'all' as const, label: t('all') },
            ...categories.map((category) => ({ id: category.id, label: categoryName(category, language) })),
          ].map((item) => (
            <Button
              key={item.id}
              size="small"
              type={chosen === item.id ? 'primary' : 'default'}
              aria-pressed={chosen === item.id}
              onClick={() => setChosen(item.id)}
            >
              {item.label}
            </Button>
          ))}
        </div>
      ) : null}
      {shown.map((category) => (
        <section key={category.id} className="file-samples__category" aria-labelledby={`file-samples-category-${category.id}`}>
          <PageHeading level={2} look={4} style={{ marginTop: 8 }}>
            <span id={`file-samples-category-${category.id}`}>{categoryName(category, language)}</span>
          </PageHeading>
          <div className="file-samples__grid">
            {category.samples.map((sample) => (
              <SampleCard key={sample.id} sample={sample} language={language} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
