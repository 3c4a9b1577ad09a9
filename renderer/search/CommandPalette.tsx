import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, List, Modal, Typography, theme as antTheme } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { usePageState } from '@/stores/page';
import { tools } from '@/tools/registry';
import type { ToolDefinition } from '@/tools/types';
import { findTools } from './find-tools';

/** Ctrl+K (⌘K on macOS) opens the palette from anywhere. */
export function useCommandPaletteShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

export default function CommandPalette({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const isMobile = usePageState((state) => state.isMobileSize);
  const { token } = antTheme.useToken();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const results = useMemo<ToolDefinition[]>(() => findTools(query) ?? [...tools], [query]);

  const close = () => {
    setQuery('');
    setActive(0);
    onClose();
  };

  const openTool = (tool: ToolDefinition | undefined) => {
    if (!tool) return;
    close();
    navigate(localizePath(tool.path, language));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter') openTool(results[active]);
    else return;
    event.preventDefault();
  };

  return (
    <Modal open={open} onCancel={close} footer={null} title={t('search.dialogTitle')} width={isMobile ? '90vw' : 560} destroyOnHidden data-testid="command-palette">
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-testid="command-palette-input"
        aria-label={t('search.placeholder')}
      />
      {results.length === 0 ? (
        <Empty description={t('search.empty')} style={{ marginBlock: 24 }} />
      ) : (
        <List
          style={{ marginTop: 12, maxHeight: '50vh', overflowY: 'auto' }}
          dataSource={results}
          renderItem={(tool, index) => {
            const meta = tool.locales[language].meta;
            return (
              <List.Item
                key={tool.id}
                onClick={() => openTool(tool)}
                onMouseEnter={() => setActive(index)}
                data-testid="command-palette-item"
                data-tool-id={tool.id}
                style={{ cursor: 'pointer', paddingInline: 12, borderRadius: token.borderRadius, background: index === active ? token.controlItemBgActive : undefined }}
              >
                <List.Item.Meta avatar={createElement(tool.meta.aIcon)} title={meta.title} description={<Typography.Text type="secondary" ellipsis>{meta.description}</Typography.Text>} />
              </List.Item>
            );
          }}
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('search.hint')}</Typography.Text>
    </Modal>
  );
}
