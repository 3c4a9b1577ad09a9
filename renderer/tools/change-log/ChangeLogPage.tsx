import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CHANGELOG } from '@shared/changelog';
import type { ChangeKind } from '@shared/changelog';
import { Tag } from '@/components/Tag';
import type { TagColor } from '@/components/Tag';
import { Paragraph } from '@/components/Text';
import { useLanguage, useLocalize } from '@/app/language';
import { kindCounts } from './change-log.service';
import '@/components/components.css';
import './change-log.css';

const KIND_COLORS: Record<ChangeKind, TagColor> = { feature: 'blue', improvement: 'green', fix: 'orange' };

/** /changeLog: the releases of shared/changelog.ts as a timeline, newest first. */
export default function ChangeLogPage() {
  const { t } = useTranslation('change-log');
  const language = useLanguage();
  const localize = useLocalize();
  return (
    <div className="change-log">
      <Paragraph type="secondary">
        {t('intro')} <Link to={localize('/user/suggest')}>{t('feedbackLink')}</Link>
      </Paragraph>
      <ol className="change-log__timeline" data-testid="change-log-timeline">
        {CHANGELOG.map((release) => (
          <li
            key={release.version}
            className="change-log__release"
            aria-label={t('releaseLabel', { version: release.version, date: release.date })}
          >
            <h2 className="change-log__version">
              {release.version}
              <time className="change-log__date" dateTime={release.date}>
                {release.date}
              </time>
            </h2>
            <div className="change-log__counts">
              {kindCounts(release).map(({ kind, count }) => (
                <Tag key={kind} color={KIND_COLORS[kind]}>
                  {t(`kind.${kind}`)} {count}
                </Tag>
              ))}
            </div>
            <ul className="change-log__items">
              {release.items.map((item) => (
                <li key={item.en} className="change-log__item">
                  <Tag color={KIND_COLORS[item.kind]} className="change-log__kind">
                    {t(`kind.${item.kind}`)}
                  </Tag>
                  <span>{item[language]}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
