import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/CopyButton';
import { DownloadButton } from '@/components/DownloadButton';
import { Space } from '@/components/Space';
import { Text, Title } from '@/components/Text';
import { formatFileSize } from '@/lib/format';
import { snippetFor, zipFileName } from './icon-marker.service';
import type { IconSettings, OutputFile } from './icon-marker.service';

interface Props {
  settings: IconSettings;
  files: readonly OutputFile[];
  zip: (files: readonly OutputFile[]) => Promise<Uint8Array>;
}

/** Copies into a fresh ArrayBuffer-backed array: what Blob accepts, whatever buffer the worker's result came in. */
const blobOf = (bytes: Uint8Array, type: string) => new Blob([new Uint8Array(bytes)], { type });

/** The zip of everything, each file on its own, and the <head> snippet. */
export function OutputPanel({ settings, files, zip }: Props) {
  const { t } = useTranslation('icon-marker');
  const snippet = snippetFor(settings);
  return (
    <Space direction="vertical" size={12} className="im-block">
      <Title level={5} className="im-heading">
        {t('output.title')}
      </Title>
      <DownloadButton
        type="primary"
        getFile={async () => blobOf(await zip(files), 'application/zip')}
        fileName={zipFileName(settings)}
        label={t('output.zip')}
        data-testid="download-zip"
      />
      <Text>{t('output.snippet')}</Text>
      <div className="im-snippet">
        <pre data-testid="snippet">{snippet}</pre>
        <CopyButton text={snippet} label={t('output.copySnippet')} type="default" data-testid="copy-snippet" />
      </div>
      <Text strong>{t('output.files')}</Text>
      <ul className="im-files" data-testid="file-list">
        {files.map((file) => (
          <li key={file.name}>
            <DownloadButton
              size="small"
              type="link"
              getFile={() => blobOf(file.bytes, file.mime)}
              fileName={file.name}
              label={file.name}
              data-testid="download-file"
              data-file-name={file.name}
            />
            <Text type="secondary">{formatFileSize(file.bytes.length)}</Text>
          </li>
        ))}
      </ul>
    </Space>
  );
}
