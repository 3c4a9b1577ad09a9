import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sampleFilePath } from '@shared/contracts/samples-base';
import type { SampleFile } from '@shared/contracts/samples-base';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { Panel } from '@/components/Panel';
import { Tag } from '@/components/Tag';
import { Paragraph, Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { formatFileSize } from '@/lib/format';
import { platform } from '@/platform';
import { previewKind, sampleDescription, textPreview } from './file-samples.service';
import type { Language } from './file-samples.service';

type TextState =
  | { status: 'closed' }
  | { status: 'loading' }
  | { status: 'shown'; text: string; truncated: boolean }
  | { status: 'error'; message: string };

function Hash({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel: string; testId: string }) {
  return (
    <div className="file-samples__row">
      <dt>{label}</dt>
      <dd>
        <code className="file-samples__hash" data-testid={testId}>
          {value}
        </code>
        <CopyButton text={value} aria-label={copyLabel} data-tip={copyLabel} />
      </dd>
    </div>
  );
}

/** One sample: what it is, its checksums, a preview where the browser can show it, the download. */
export function SampleCard({ sample, language }: { sample: SampleFile; language: Language }) {
  const { t } = useTranslation('file-samples');
  const url = `${platform.apiUrl}${sampleFilePath(sample.id)}`;
  const kind = previewKind(sample);
  const [text, setText] = useState<TextState>({ status: 'closed' });

  const toggleText = async () => {
    if (text.status === 'shown' || text.status === 'error') return setText({ status: 'closed' });
    setText({ status: 'loading' });
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setText({ status: 'shown', ...textPreview(new Uint8Array(await response.arrayBuffer())) });
    } catch (error) {
      setText({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const description = sampleDescription(sample, language);
  return (
    <Panel
      className="file-samples__card"
      title={<span className="file-samples__name">{sample.name}</span>}
      extra={<Tag color="blue">{sample.format}</Tag>}
      data-testid={`sample-${sample.name}`}
    >
      {description ? <Paragraph className="file-samples__description">{description}</Paragraph> : null}
      {kind === 'image' ? (
        <img className="file-samples__image" src={url} alt={t('previewOf', { name: sample.name })} loading="lazy" />
      ) : null}
      {kind === 'audio' ? (
        <audio className="file-samples__media" src={url} controls preload="none" aria-label={t('previewOf', { name: sample.name })} />
      ) : null}
      {kind === 'video' ? (
        <video
          className="file-samples__media"
          src={url}
          controls
          preload="metadata"
          muted
          aria-label={t('previewOf', { name: sample.name })}
        />
      ) : null}
      <dl className="file-samples__facts">
        <div className="file-samples__row">
          <dt>{t('size')}</dt>
          <dd>
            {formatFileSize(sample.size)}
            <Text type="secondary">{t('bytes', { value: sample.size.toLocaleString('en-US') })}</Text>
          </dd>
        </div>
        <div className="file-samples__row">
          <dt>{t('mime')}</dt>
          <dd>
            <code className="file-samples__mime">{sample.mime}</code>
          </dd>
        </div>
        <Hash label={t('md5')} value={sample.md5} copyLabel={t('copyMd5')} testId="sample-md5" />
        <Hash label={t('sha256')} value={sample.sha256} copyLabel={t('copySha256')} testId="sample-sha256" />
      </dl>
      {text.status === 'shown' ? (
        <>
          <pre className="file-samples__text" aria-label={t('previewOf', { name: sample.name })}>
            {text.text}
          </pre>
          {text.truncated ? <Text type="secondary">{t('previewTruncated')}</Text> : null}
        </>
      ) : null}
      {text.status === 'error' ? <Alert type="error" showIcon title={t('previewFailed', { message: text.message })} /> : null}
      <div className="file-samples__actions">
        <Button type="primary" href={url} download={sample.name} icon={<Icon icon={DownloadOutlined} />} data-testid="sample-download">
          {t('download')}
        </Button>
        {kind === 'text' ? (
          <Button loading={text.status === 'loading'} onClick={() => void toggleText()} aria-expanded={text.status === 'shown'}>
            {text.status === 'shown' || text.status === 'error' ? t('hidePreview') : t('preview')}
          </Button>
        ) : null}
      </div>
    </Panel>
  );
}
