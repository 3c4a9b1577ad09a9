import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Empty } from '@/components/Empty';
import { Panel } from '@/components/Panel';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';
import type { PreviewState } from './usePreview';

/** Page 1 as it will be written, redrawn as the text and settings change. */
export function PreviewPanel({ preview, hasText }: { preview: PreviewState; hasText: boolean }) {
  const { t } = useTranslation('hand-write');
  return (
    <Panel
      className="hand-write__preview-panel"
      title={t('preview.title')}
      extra={
        hasText && preview.pages > 0 ? (
          <Text type="secondary" data-testid="hw-page-count">
            {t('preview.pages', { count: preview.pages })}
          </Text>
        ) : null
      }
    >
      {preview.error ? <Alert type="error" showIcon message={t(`fontErrors.${preview.error}`)} data-testid="hw-preview-error" /> : null}
      {!hasText ? (
        <Empty description={t('preview.empty')} />
      ) : (
        <div className="hand-write__preview" aria-busy={preview.busy}>
          {preview.url ? <img src={preview.url} alt={t('preview.alt', { page: 1 })} data-testid="hw-preview" /> : null}
          {preview.busy ? (
            <div className="hand-write__preview-busy">
              <Spin />
              <Text type="secondary">{t('preview.rendering')}</Text>
            </div>
          ) : null}
        </div>
      )}
    </Panel>
  );
}
