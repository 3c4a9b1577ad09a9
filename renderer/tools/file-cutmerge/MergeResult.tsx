import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNameList } from '@/lib/format';
import type { Verdict } from './file-cutmerge.service';

export interface MergeDone {
  readonly kind: 'done';
  readonly md5: string;
  readonly verdict: Verdict;
  /** Per part id: whether its CRC32 matches the manifest (undefined without one). */
  readonly crc: ReadonlyMap<string, boolean | undefined>;
  /** The file name the save picker gave, or null when the result was downloaded. */
  readonly savedName: string | null;
}

const TYPE = { verified: 'success', mismatch: 'error', unverified: 'info' } as const;

/** Saved where, and the verification badge: verified, mismatch (naming bad parts) or nothing to verify against. */
export function MergeResult({ result }: { result: MergeDone }) {
  const { t, i18n } = useTranslation('file-cutmerge');
  const { verdict } = result;
  return (
    <div className="cm-result">
      {result.savedName ? (
        <Alert
          type="success"
          showIcon
          message={t('merge.savedFolder', { name: result.savedName })}
          data-testid="merge-result"
          data-status="done"
        />
      ) : (
        <Alert type="success" showIcon message={t('merge.downloading')} data-testid="merge-result" data-status="done" />
      )}
      <Alert
        type={TYPE[verdict.status]}
        showIcon
        data-testid="verify-status"
        data-status={verdict.status}
        message={t(`merge.verify.${verdict.status}`)}
        description={
          <>
            {verdict.status === 'mismatch' && verdict.badParts.length > 0 ? (
              <div data-testid="bad-parts">{t('merge.verify.badParts', { names: formatNameList(verdict.badParts, i18n.language) })}</div>
            ) : null}
            <div className="cm-digest">
              {t('merge.verify.md5')}
              <Typography.Text code copyable className="cm-mono" data-testid="merge-md5">
                {result.md5}
              </Typography.Text>
            </div>
          </>
        }
      />
    </div>
  );
}
