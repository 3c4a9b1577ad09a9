import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { useRouteHandle } from '@/app/route-handle';
import { Heading } from '@/layouts/plain/parts';
import './sub-header.css';

/** Where am I and what does this tool do: a breadcrumb and the tool's one-line description. */
export default function SubHeader() {
  const { t } = useTranslation();
  const language = useLanguage();
  const handle = useRouteHandle();
  if (handle?.kind !== 'tool' || handle.internal) return null;
  const meta = handle.tool.texts[language];
  const trail = [
    <Link key="home" to={localizePath('/', language)}>
      {t('nav.home')}
    </Link>,
    t(`groups.${handle.tool.group}`),
    meta.title,
  ];
  return (
    <div style={{ marginBottom: 16 }} data-testid="sub-header">
      <nav className="bb-breadcrumb">
        <ol>
          {trail.map((part, index) => (
            <li key={index}>
              {index > 0 && (
                <span className="bb-breadcrumb__separator" aria-hidden>
                  /
                </span>
              )}
              <span className={index === trail.length - 1 ? 'bb-breadcrumb__last' : undefined}>{part}</span>
            </li>
          ))}
        </ol>
      </nav>
      <Heading level={1} look={3} style={{ margin: '8px 0 4px' }} data-testid="tool-title">
        {meta.title}
      </Heading>
      <p className="bb-secondary" style={{ margin: 0 }}>
        {meta.description}
      </p>
    </div>
  );
}
