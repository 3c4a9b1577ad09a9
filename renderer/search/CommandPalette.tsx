import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Modal, Typography } from 'antd';
import { createElement, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { usePageState } from '@/stores/page';
import { listedTools as tools } from '@/tools/registry';
import type { ToolDefinition } from '@/tools/types';
import { preloadToolSearch, useFoundTools } from './find-tools';
import './command-palette.css';

/**
 * Enter that confirms an IME candidate (typing pinyin, then Enter to pick 文件) belongs to the IME,
 * not to us. Chromium marks it with isComposing; Safari ends composition before keydown and
 * reports keyCode 229 instead.
 */
export function isImeEnter(event: Pick<globalThis.KeyboardEvent, 'isComposing' | 'keyCode'>): boolean {
  return event.isComposing || event.keyCode === 229;
}

export default function CommandPalette({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const isMobile = usePageState((state) => state.isMobileSize);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const pointer = useRef({ x: -1, y: -1 });
  const idPrefix = useId();
  const listId = `${idPrefix}-list`;
  const optionId = (index: number) => `${idPrefix}-option-${index}`;

  const found = useFoundTools(query);
  // While the index loads (a moment after the palette opens), a query lists nothing rather than
  // every tool, so Enter cannot open a tool the query does not name.
  const searching = query.trim() !== '' && found === undefined;
  const results = useMemo<ToolDefinition[]>(() => (searching ? [] : (found ?? [...tools])), [found, searching]);

  useEffect(() => {
    if (open) void preloadToolSearch().catch(() => undefined);
  }, [open]);

  // The list scrolls on its own, so keyboard selection must bring the chosen row into its view.
  useEffect(() => {
    listRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active, results]);

  const close = () => {
    setQuery('');
    setActive(0);
    onClose();
  };

  const openTool = (tool: ToolDefinition | undefined) => {
    if (!tool) return;
    close();
    void navigate(localizePath(tool.path, language));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter' && !isImeEnter(event.nativeEvent)) openTool(results[active]);
    else return;
    event.preventDefault();
  };

  const hasResults = results.length > 0;
  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      title={t('search.dialogTitle')}
      width={isMobile ? '90vw' : 560}
      destroyOnHidden
      data-testid="command-palette"
    >
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('search.placeholder')}
        aria-expanded={hasResults}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={hasResults ? optionId(active) : undefined}
        data-testid="command-palette-input"
      />
      {hasResults ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={t('search.results')}
          className="command-palette__list"
          data-testid="command-palette-list"
        >
          {results.map((tool, index) => {
            const meta = tool.texts[language];
            return (
              <li
                key={tool.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="command-palette__option"
                // Keep focus (and the caret) in the input: the input drives the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openTool(tool)}
                // Only a pointer that moved selects: rows scrolling under a resting mouse must not
                // take the selection from the keyboard.
                onMouseMove={(event) => {
                  if (event.clientX === pointer.current.x && event.clientY === pointer.current.y) return;
                  pointer.current = { x: event.clientX, y: event.clientY };
                  setActive(index);
                }}
                data-testid="command-palette-item"
                data-tool-id={tool.id}
              >
                <span className="command-palette__icon" aria-hidden>
                  {createElement(tool.meta.aIcon)}
                </span>
                <span className="command-palette__text">
                  <span className="command-palette__title">{meta.title}</span>
                  <span className="command-palette__description">{meta.description}</span>
                </span>
              </li>
            );
          })}
        </ul>
      ) : searching ? null : (
        <Empty description={t('search.empty')} style={{ marginBlock: 24 }} />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('search.hint')}
      </Typography.Text>
    </Modal>
  );
}
