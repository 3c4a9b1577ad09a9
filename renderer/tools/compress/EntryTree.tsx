import { DownloadOutlined, EyeOutlined, FileOutlined, FolderOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format';
import { ratioPercent } from './compress.service';
import type { TreeNode } from './compress.service';
import { Text } from '@/components/Text';

interface EntryTreeProps {
  root: TreeNode;
  checked: string[];
  onCheck: (keys: string[]) => void;
  expanded: string[];
  onExpand: (keys: string[]) => void;
  onPreview: (node: TreeNode) => void;
  /** Extract this one file. */
  onExtract: (node: TreeNode) => void;
}

function toData(node: TreeNode, index: Map<string, TreeNode>): TreeDataNode[] {
  return node.children.map((child) => {
    index.set(child.key, child);
    return { key: child.key, title: child.name, isLeaf: !child.directory, children: child.directory ? toData(child, index) : undefined };
  });
}

/** The archive's entries as a checkable, collapsible tree with sizes, packed sizes, ratios and dates. Virtualised: 100 000 entries stay smooth. */
export function EntryTree({ root, checked, onCheck, expanded, onExpand, onPreview, onExtract }: EntryTreeProps) {
  const { t, i18n } = useTranslation('compress');
  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'zh-CN', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
    [i18n.language],
  );
  const { data, index } = useMemo(() => {
    const map = new Map<string, TreeNode>();
    return { data: toData(root, map), index: map };
  }, [root]);

  return (
    <div className="cz-tree">
      <div className="cz-tree__head" aria-hidden>
        <span className="cz-node__name" />
        <span className="cz-node__size">{t('open.columns.size')}</span>
        <span className="cz-node__packed">{t('open.columns.packed')}</span>
        <span className="cz-node__ratio">{t('open.columns.ratio')}</span>
        <span className="cz-node__date">{t('open.columns.modified')}</span>
      </div>
      <Tree
        checkable
        blockNode
        virtual
        height={520}
        treeData={data}
        checkedKeys={checked}
        onCheck={(keys) => onCheck((Array.isArray(keys) ? keys : keys.checked).map(String))}
        expandedKeys={expanded}
        onExpand={(keys) => onExpand(keys.map(String))}
        selectable={false}
        titleRender={(item) => {
          const node = index.get(String(item.key))!;
          const ratio = ratioPercent(node.size, node.packedSize, node.sizeUnknown);
          return (
            <span className="cz-node" data-testid="entry" data-path={node.key} data-directory={node.directory}>
              {node.directory ? <FolderOutlined className="cz-node__icon" /> : <FileOutlined className="cz-node__icon" />}
              <span className="cz-node__name" title={node.key}>
                {node.name}
              </span>
              {node.encrypted ? <LockOutlined className="cz-node__lock" aria-label={t('open.encrypted')} /> : null}
              {!node.directory ? (
                <Button
                  size="small"
                  type="text"
                  icon={<EyeOutlined />}
                  aria-label={t('open.preview')}
                  title={t('open.preview')}
                  onClick={(event) => {
                    event.stopPropagation();
                    onPreview(node);
                  }}
                  data-testid="entry-preview"
                />
              ) : null}
              {!node.directory ? (
                <Button
                  size="small"
                  type="text"
                  icon={<DownloadOutlined />}
                  aria-label={t('open.extractOne')}
                  title={t('open.extractOne')}
                  onClick={(event) => {
                    event.stopPropagation();
                    onExtract(node);
                  }}
                  data-testid="entry-extract"
                />
              ) : null}
              <Text type="secondary" className="cz-node__size" title={t('open.columns.size')}>
                {node.sizeUnknown ? '—' : formatFileSize(node.size)}
              </Text>
              <Text type="secondary" className="cz-node__packed" title={t('open.columns.packed')}>
                {node.packedSize !== undefined ? formatFileSize(node.packedSize) : '—'}
              </Text>
              <Text type="secondary" className="cz-node__ratio" title={t('open.columns.ratio')}>
                {ratio !== undefined ? `${ratio}%` : '—'}
              </Text>
              <Text type="secondary" className="cz-node__date" title={t('open.columns.modified')}>
                {node.modified ? dateFormat.format(node.modified) : ''}
              </Text>
            </span>
          );
        }}
      />
    </div>
  );
}
