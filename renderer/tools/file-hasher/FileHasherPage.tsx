import { useShallow } from 'zustand/react/shallow';
import { Alert, Checkbox, Space, Switch, Tabs, Tag } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HASH_ALGORITHMS } from '@shared/contracts/hash';
import type { HashAlgorithm } from '@shared/contracts/hash';
import { parseExpectedHashes } from '@shared/hash/checksum-format';
import { platform } from '@/platform';
import { ALGORITHM_LABELS } from './file-hasher.service';
import { useFileHasherStore } from './file-hasher.store';
import { FilesPanel } from './FilesPanel';
import { ModifyPanel } from './ModifyPanel';
import { TextPanel } from './TextPanel';
import { Text } from '@/components/Text';
import './file-hasher.css';

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
        <Checkbox.Group
          value={algorithms}
          onChange={(values) => setAlgorithms(values as HashAlgorithm[])}
          options={HASH_ALGORITHMS.map((algorithm) => ({ value: algorithm, label: ALGORITHM_LABELS[algorithm] }))}
          data-testid="algorithms"
        />
        <Space size={6}>
          <Switch size="small" checked={uppercase} onChange={setUppercase} data-testid="uppercase" aria-label={t('uppercase')} />
          <Text>{t('uppercase')}</Text>
        </Space>
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
