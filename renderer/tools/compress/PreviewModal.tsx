import { Alert, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import { platform } from '@/platform';
import type { OpenedArchive } from '@/platform';
import { archiveErrorMessage } from './errors';
import { decodePreview, IMAGE_TYPES, looksBinary, PREVIEW_IMAGE_BYTES, PREVIEW_TEXT_BYTES, previewKind } from './preview';
import type { TreeNode } from './compress.service';
import { Text } from '@/components/Text';

type Shown =
  | { kind: 'loading' }
  | { kind: 'text'; text: string; truncated: boolean }
  | { kind: 'image'; url: string }
  | { kind: 'none' }
  | { kind: 'error'; message: string };

/** Text (first 256 KB, UTF-8/GBK/Latin-1) or an image from inside the archive, read without extracting the rest. */
export function PreviewModal({
  archive,
  node,
  password,
  onClose,
}: {
  archive: OpenedArchive;
  node: TreeNode | null;
  password?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('compress');
  const [state, setState] = useState<{ key: string; shown: Shown } | null>(null);
  const shown: Shown = node && state?.key === node.key ? state.shown : { kind: 'loading' };

  useEffect(() => {
    if (!node) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    const kind = previewKind(node.name);
    const extension = /\.([^.]+)$/.exec(node.name)?.[1]?.toLowerCase() ?? '';
    const load = async (): Promise<Shown> => {
      if (kind === 'image') {
        if (node.size > PREVIEW_IMAGE_BYTES) return { kind: 'none' };
        const bytes = await archive.readEntry(node.key, { password, maxBytes: PREVIEW_IMAGE_BYTES, signal: controller.signal });
        url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: IMAGE_TYPES[extension] }));
        return { kind: 'image', url };
      }
      const bytes = await archive.readEntry(node.key, { password, maxBytes: PREVIEW_TEXT_BYTES, signal: controller.signal });
      if (kind === 'sniff' && looksBinary(bytes)) return { kind: 'none' };
      const truncated = node.size > bytes.length;
      return { kind: 'text', text: decodePreview(bytes, truncated).text, truncated };
    };
    load().then(
      (next) => {
        if (!controller.signal.aborted) setState({ key: node.key, shown: next });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ key: node.key, shown: { kind: 'error', message: archiveErrorMessage(t, error, platform.archive.limits) } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [archive, node, password, t]);

  return (
    <Modal
      open={node !== null}
      title={t('open.previewTitle', { name: node?.name ?? '' })}
      footer={null}
      onCancel={onClose}
      width={900}
      destroyOnHidden
      data-testid="preview"
    >
      {shown.kind === 'loading' ? <Spin /> : null}
      {shown.kind === 'text' ? (
        <>
          {shown.truncated ? (
            <Text type="secondary">{t('open.previewTruncated', { size: formatFileSize(PREVIEW_TEXT_BYTES) })}</Text>
          ) : null}
          <pre className="cz-preview-text" data-testid="preview-text" tabIndex={0}>
            {shown.text}
          </pre>
        </>
      ) : null}
      {shown.kind === 'image' ? <img className="cz-preview-image" src={shown.url} alt={node?.name} data-testid="preview-image" /> : null}
      {shown.kind === 'none' ? <Alert type="info" showIcon title={t('open.previewUnsupported')} /> : null}
      {shown.kind === 'error' ? <Alert type="error" showIcon title={shown.message} data-testid="preview-error" /> : null}
    </Modal>
  );
}
