import { CheckCircleFilled, CloseCircleFilled, QuestionCircleFilled } from '@ant-design/icons';
import { Tag } from '@/components/Tag';
import { useTranslation } from 'react-i18next';
import type { CompareOutcome } from '@shared/hash/checksum-format';
import { ALGORITHM_LABELS } from './file-hasher.service';

/** Match / mismatch badge of one file against the pasted expected hash. */
export function CompareTag({ outcome }: { outcome: CompareOutcome }) {
  const { t } = useTranslation('file-hasher');
  const props = { 'data-testid': 'compare-result', 'data-status': outcome.status };
  if (outcome.status === 'match') {
    return (
      <Tag {...props} color="success" icon={<CheckCircleFilled />}>
        {t('compare.match', { algorithm: ALGORITHM_LABELS[outcome.algorithm] })}
      </Tag>
    );
  }
  const algorithms = outcome.algorithms.map((algorithm) => ALGORITHM_LABELS[algorithm]).join(' / ');
  return outcome.status === 'mismatch' ? (
    <Tag {...props} color="error" icon={<CloseCircleFilled />}>
      {t('compare.mismatch', { algorithms })}
    </Tag>
  ) : (
    <Tag {...props} color="warning" icon={<QuestionCircleFilled />}>
      {t('compare.notComputed', { algorithms })}
    </Tag>
  );
}
