import { Breadcrumb, Typography } from 'antd';
import { PageHeading } from '@/components/PageHeading';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { useRouteHandle } from '@/app/route-handle';

/** Where am I and what does this tool do: a breadcrumb and the tool's one-line description. */
export default function SubHeader() {
  const { t } = useTranslation();
  const language = useLanguage();
  const handle = useRouteHandle();
  if (handle?.kind !== 'tool') return null;
  const meta = handle.tool.texts[language];
  return (
    <div style={{ marginBottom: 16 }} data-testid="sub-header">
      <Breadcrumb
        items={[
          { title: <Link to={localizePath('/', language)}>{t('nav.home')}</Link> },
          { title: t(`groups.${handle.tool.group}`) },
          { title: meta.title },
        ]}
      />
      <PageHeading level={1} look={3} style={{ margin: '8px 0 4px' }} data-testid="tool-title">
        {meta.title}
      </PageHeading>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {meta.description}
      </Typography.Paragraph>
    </div>
  );
}
