import QuestionCircleOutlined from '@ant-design/icons-svg/es/asn/QuestionCircleOutlined';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import type { TextStats } from './stats';
import { Icon } from '@/components/Icon';
import { Segmented } from '@/components/Segmented';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';

export type StatsSource = 'input' | 'output';

interface StatsBarProps {
  stats: TextStats | undefined;
  counting: boolean;
  source: StatsSource;
  onSource: (source: StatsSource) => void;
}

const integer = new Intl.NumberFormat('en-US');

type Key = 'characters' | 'charactersNoSpaces' | 'han' | 'words' | 'segments' | 'lines' | 'nonBlankLines' | 'utf8Bytes' | 'gbkBytes';
const KEYS: readonly Key[] = [
  'characters',
  'charactersNoSpaces',
  'han',
  'words',
  'segments',
  'lines',
  'nonBlankLines',
  'utf8Bytes',
  'gbkBytes',
];
const HINTS: Partial<Record<Key, 'wordsHint' | 'segmentsHint' | 'charactersHint'>> = {
  words: 'wordsHint',
  segments: 'segmentsHint',
  characters: 'charactersHint',
};

/** The live counters, for the original text or the result. Exact numbers (grouped), with the byte sizes also in KB/MB. */
export function StatsBar({ stats, counting, source, onSource }: StatsBarProps) {
  const { t } = useTranslation('text-assistant');
  const value = (key: Key) => {
    if (!stats) return '–';
    const count = integer.format(stats[key]);
    return key === 'utf8Bytes' || key === 'gbkBytes' ? `${count}${stats[key] >= 1024 ? ` (${formatFileSize(stats[key])})` : ''}` : count;
  };
  return (
    <section className="ta-stats" aria-label={t('stats.title')} data-testid="stats-bar">
      <div className="ta-stats__head">
        <Segmented<StatsSource>
          size="small"
          value={source}
          onChange={(next) => onSource(next)}
          options={[
            { value: 'input', label: t('stats.of.input') },
            { value: 'output', label: t('stats.of.output') },
          ]}
          data-testid="stats-source"
        />
        {counting ? (
          <Text type="secondary" className="ta-hint">
            <Spin size="small" /> {t('stats.counting')}
          </Text>
        ) : null}
      </div>
      <dl className="ta-stats__grid">
        {KEYS.map((key) => {
          const hint = HINTS[key];
          return (
            <div key={key} className="ta-stat">
              <dt>
                <span className="ta-stat__label">{t(`stats.${key}`)}</span>
                {hint ? (
                  // The shell's CSS hint (data-tip), shown on hover and on keyboard focus.
                  <span className="ta-stat__help" data-tip={t(`stats.${hint}`)} aria-label={t(`stats.${hint}`)} role="img" tabIndex={0}>
                    <Icon icon={QuestionCircleOutlined} />
                  </span>
                ) : null}
              </dt>
              <dd data-testid={`stat-${key}`} data-value={stats?.[key]}>
                {value(key)}
              </dd>
            </div>
          );
        })}
      </dl>
      {stats && stats.gbkUnencodable > 0 ? (
        <Text type="warning" className="ta-hint" data-testid="gbk-unencodable">
          {t('stats.gbkUnencodable', { count: stats.gbkUnencodable })}
        </Text>
      ) : null}
    </section>
  );
}
