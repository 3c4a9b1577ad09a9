import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SplitOutcome } from './cutmerge-jobs';
import { PartDownloads } from './PartDownloads';

export type SplitResultState =
  { kind: 'done'; outcome: SplitOutcome; folder: string | null } | { kind: 'cancelled' } | { kind: 'error'; message: string };

/** How a split ended: where the parts went, the whole file's MD5 to copy, and each part to download again. */
export function SplitResult({ result }: { result: SplitResultState | null }) {
  const { t } = useTranslation('file-cutmerge');
  if (!result) return null;
  if (result.kind === 'cancelled')
    return <Alert type="warning" showIcon message={t('split.cancelled')} data-testid="split-result" data-status="cancelled" />;
  if (result.kind === 'error')
    return <Alert type="error" showIcon message={result.message} data-testid="split-result" data-status="error" />;
  const { outcome, folder } = result;
  return (
    <div className="cm-result">
      <Alert
        type="success"
        showIcon
        data-testid="split-result"
        data-status="done"
        message={
          folder === null
            ? t('split.doneDownload', { count: outcome.parts.length })
            : t('split.doneFolder', { count: outcome.parts.length, folder })
        }
        description={
          outcome.manifest ? (
            <>
              <div>{t('split.doneChecksum', { name: outcome.manifest.name })}</div>
              <div className="cm-digest">
                {t('split.md5')}
                <Typography.Text code copyable className="cm-mono" data-testid="split-md5">
                  {outcome.md5}
                </Typography.Text>
              </div>
            </>
          ) : undefined
        }
      />
      {folder === null ? (
        <PartDownloads entries={outcome.manifest ? [...outcome.parts, outcome.manifest] : outcome.parts} title={t('split.partsTitle')} />
      ) : null}
    </div>
  );
}
