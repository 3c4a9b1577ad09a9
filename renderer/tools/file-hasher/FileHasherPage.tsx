import { useShallow } from 'zustand/react/shallow';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HASH_ALGORITHMS } from '@shared/contracts/hash';
import type { HashAlgorithm } from '@shared/contracts/hash';
import { parseExpectedHashes } from '@shared/hash/checksum-format';
import { Alert } from '@/components/Alert';
import { Checkbox } from '@/components/Checkbox';
import { Switch } from '@/components/Switch';
import { Tabs } from '@/components/Tabs';
import { Tag } from '@/components/Tag';
import { TextArea } from '@/components/TextArea';
import { platform } from '@/platform';
import { ALGORITHM_LABELS } from './file-hasher.service';
import { useFileHasherStore } from './file-hasher.store';
import { FilesPanel } from './FilesPanel';
import { ModifyPanel } from './ModifyPanel';
import { TextPanel } from './TextPanel';
import { Text } from '@/components/Text';
import './file-hasher.css';

/** The chosen algorithms with one turned on or off, in the list's order (as antd's Checkbox.Group kept them). */
const toggled = (chosen: readonly HashAlgorithm[], algorithm: HashAlgorithm, on: boolean) =>
  HASH_ALGORITHMS.filter((each) => (each === algorithm ? on : chosen.includes(each)));

/** /file/hasher: hash files or text, compare with an expected hash, export, and modify/restore a file's hash. */
export default function FileHasherPage() {
  const { t } = useTranslation('file-hasher');
  // Only what this page shows: subscribing to the whole store would re-render it on every progress tick.
  const { algorithms, uppercase, expected, setAlgorithms, setUppercase, setExpected } = useFileHasherStore(
    useShallow(({ algorithms, uppercase, expected, setAlgorithms, setUppercase, setExpected }) => ({
      algorithms,
      uppercase,
      expected,
      setAlgorithms,
      setUppercase,
      setExpected,
    })),
  );
  const parsed = useMemo(() => parseExpectedHashes(expected), [expected]);

  const compareBox = (
    <div className="fh-compare">
      <TextArea
        value={expected}
        onChange={(event) => setExpected(event.target.value)}
        placeholder={t('compare.placeholder')}
        aria-label={t('compare.label')}
        autoSize={{ minRows: 1, maxRows: 6 }}
        allowClear
        data-testid="compare-input"
      />
      {expected.trim() ? (
        <Text type={parsed.unreadable > 0 ? 'warning' : 'secondary'} className="fh-compare__status" data-testid="compare-status">
          {[
            parsed.entries.length > 0 ? t('compare.understood', { count: parsed.entries.length }) : null,
            parsed.unreadable > 0 ? t('compare.unreadable', { count: parsed.unreadable }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
    </div>
  );

  return (
    <div className="fh-page">
      <div className="fh-settings">
        <Text strong>{t('algorithms')}</Text>
        <div className="fh-algorithms" role="group" aria-label={t('algorithms')} data-testid="algorithms">
          {HASH_ALGORITHMS.map((algorithm) => (
            <Checkbox
              key={algorithm}
              checked={algorithms.includes(algorithm)}
              onChange={(checked) => setAlgorithms(toggled(algorithms, algorithm, checked))}
            >
              {ALGORITHM_LABELS[algorithm]}
            </Checkbox>
          ))}
        </div>
        <div className="fh-uppercase">
          <Switch size="small" checked={uppercase} onChange={setUppercase} data-testid="uppercase" aria-label={t('uppercase')} />
          <Text>{t('uppercase')}</Text>
        </div>
        <Tag
          color={platform.hash.engine === 'native' ? 'green' : 'blue'}
          className="fh-engine"
          data-testid="hash-engine"
          data-engine={platform.hash.engine}
        >
          {t(`engine.${platform.hash.engine}`)}
        </Tag>
      </div>
      {algorithms.length === 0 ? <Alert type="warning" showIcon message={t('selectOne')} /> : null}
      <Tabs
        destroyOnHidden
        items={[
          { key: 'files', label: t('tabs.files'), children: <FilesPanel expected={parsed.entries} compareBox={compareBox} /> },
          { key: 'text', label: t('tabs.text'), children: <TextPanel expected={parsed.entries} compareBox={compareBox} /> },
          { key: 'modify', label: t('tabs.modify'), children: <ModifyPanel /> },
        ]}
      />
    </div>
  );
}
