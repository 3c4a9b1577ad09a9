import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFileSize, formatNameList } from '@/lib/format';
import { formatIndexRanges, isBlocking } from './file-cutmerge.service';
import type { MergeIssue } from './file-cutmerge.service';

const NAME_LIMIT = 5;

/** Everything suspicious about the picked parts, worded for people; duplicates block, the rest warn. */
export function MergeIssues({ issues }: { issues: readonly MergeIssue[] }) {
  const { t, i18n } = useTranslation('file-cutmerge');
  const listNames = (names: readonly string[]) => formatNameList(names, i18n.language, NAME_LIMIT);
  const text = (issue: MergeIssue): string => {
    switch (issue.kind) {
      case 'duplicate':
        return t('merge.issues.duplicate', { index: issue.index, names: listNames(issue.names) });
      case 'missing':
        return t('merge.issues.missing', { indexes: formatIndexRanges(issue.indexes) });
      case 'mixedNames':
        return t('merge.issues.mixedNames', { bases: listNames(issue.bases) });
      case 'sizeMismatch':
        return t('merge.issues.sizeMismatch', {
          name: issue.name,
          actual: formatFileSize(issue.actual),
          expected: formatFileSize(issue.expected),
        });
      case 'unrecognized':
        return t('merge.issues.unrecognized', { names: listNames(issue.names) });
      case 'extra':
        return t('merge.issues.extra', { names: listNames(issue.names) });
    }
  };
  if (issues.length === 0) return null;
  return (
    <div className="cm-issues" data-testid="merge-issues">
      {issues.map((issue, position) => (
        <Alert
          key={`${issue.kind}-${position}`}
          type={isBlocking(issue) ? 'error' : 'warning'}
          showIcon
          message={text(issue)}
          data-testid="merge-issue"
          data-kind={issue.kind}
        />
      ))}
    </div>
  );
}
