import FolderOpenOutlined from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { Icon } from '@/layouts/plain/icon';
import { Alert } from './Alert';
import { Spin } from './Spin';
import type { DocumentState } from '@/lib/use-document-open';
import { FileDropZone } from './FileDropZone';

export interface DocumentOpenAreaProps {
  state: DocumentState<unknown>;
  onFile: (file: File) => void;
  /** Before a document is open; once one is, the zone shrinks and offers `reopenTitle`. */
  title: string;
  reopenTitle: string;
  hint: string;
  /** The spinner's line while `state` is opening a file of that name. */
  openingText: (name: string) => string;
  /** `<prefix>-drop`, `<prefix>-opening` and `<prefix>-error` are the parts' test ids. */
  testIdPrefix: string;
}

/** A one-document viewer's drop zone with its reading spinner and its error (use with useDocumentOpen). */
export function DocumentOpenArea({ state, onFile, title, reopenTitle, hint, openingText, testIdPrefix }: DocumentOpenAreaProps) {
  const open = state.status === 'open';
  return (
    <>
      <FileDropZone
        onFiles={(files) => onFile(files[0]!)}
        multiple={false}
        compact={open}
        title={open ? reopenTitle : title}
        hint={hint}
        icon={
          state.status === 'opening' ? (
            <Icon icon={LoadingOutlined} className="anticon-spin" />
          ) : open ? (
            <Icon icon={FolderOpenOutlined} />
          ) : undefined
        }
        busy={state.status === 'opening'}
        data-testid={`${testIdPrefix}-drop`}
      />
      {state.status === 'opening' ? (
        <Spin tip={openingText(state.name)} data-testid={`${testIdPrefix}-opening`}>
          <div style={{ minHeight: 64 }} />
        </Spin>
      ) : null}
      {state.status === 'failed' ? <Alert type="error" showIcon message={state.message} data-testid={`${testIdPrefix}-error`} /> : null}
    </>
  );
}
