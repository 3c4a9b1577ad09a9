import { useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Spin } from '@/components/Spin';
import type { MdExportSource } from './document-port';
import DocumentsBar from './documents/DocumentsBar';
import { MD_IMAGE_MAX_BYTES } from './documents/local-images';
import { useMdDocuments } from './documents/use-md-documents';
import { ImageUploadSetting } from './images/ImageUploadSetting';
import { useInsertImages } from './images/use-insert-images';
import type { MdWorkspaceProps } from './MdWorkspace';

/** CodeMirror and the preview are most of the page's weight: they load after the first view. */
const loadWorkspace = () => import('./MdWorkspace');

export default function MdEditorPage() {
  const { t } = useTranslation('md-editor');
  const docs = useMdDocuments();
  const [Workspace, setWorkspace] = useState<ComponentType<MdWorkspaceProps> | undefined>();
  const [loadFailed, setLoadFailed] = useState(false);
  const sourceRef = useRef<MdExportSource | null>(null);
  const onImages = useInsertImages(docs.onImages, MD_IMAGE_MAX_BYTES);

  useEffect(() => {
    let live = true;
    loadWorkspace().then(
      (module) => live && setWorkspace(() => module.default),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  // The bar exports through whatever editor is up when the user asks, not the one at first render.
  const source = useMemo<MdExportSource>(
    () => ({
      markdown: () => sourceRef.current?.markdown() ?? docs.document?.content ?? '',
      html: () => (sourceRef.current ? sourceRef.current.html() : Promise.resolve('')),
      css: () => (sourceRef.current ? sourceRef.current.css() : Promise.resolve('')),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads the latest document through docs at call time
    [],
  );

  return (
    <div className="md-page">
      <DocumentsBar docs={docs} source={source} />
      <ImageUploadSetting />
      {docs.error ? <Alert type="error" showIcon message={docs.error} /> : null}
      {loadFailed ? <Alert type="error" showIcon message={t('editor.loadFailed')} data-testid="md-load-failed" /> : null}
      {!loadFailed && (!Workspace || !docs.document) ? <Spin tip={t('editor.loading')} data-testid="md-loading" /> : null}
      {Workspace && docs.document ? (
        <Workspace
          document={docs.document}
          onChange={docs.onChange}
          resolveUrl={docs.resolveUrl}
          onImages={onImages}
          sourceRef={sourceRef}
        />
      ) : null}
    </div>
  );
}
