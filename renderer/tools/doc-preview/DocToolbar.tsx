import {
  DownOutlined,
  MenuUnfoldOutlined,
  PrinterOutlined,
  SearchOutlined,
  UpOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Progress, Select, Space } from 'antd';
import Input from 'antd/es/input/Input';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@/components/Text';
import { ZOOMS } from './doc-zooms';
import type { DocFind } from './use-doc-find';

export interface DocToolbarProps {
  outlineOpen: boolean;
  setOutlineOpen: Dispatch<SetStateAction<boolean>>;
  zoom: number | 'fit';
  setZoom: (zoom: number | 'fit') => void;
  stepZoom: (direction: 1 | -1) => void;
  find: DocFind;
  rendering: boolean;
  progress: { done: number; total: number };
  pageCount: number;
  onPrint: () => void;
}

/**
 * The toolbar over an open document (outline, zoom, find, print, the rendering progress): antd's
 * Select, Input and compact groups, loaded with the first document rather than with the page.
 */
export default function DocToolbar({
  outlineOpen,
  setOutlineOpen,
  zoom,
  setZoom,
  stepZoom,
  find,
  rendering,
  progress,
  pageCount,
  onPrint,
}: DocToolbarProps) {
  const { t } = useTranslation('doc-preview');
  return (
    <div className="doc-preview__toolbar" role="toolbar" aria-label={t('toolbar.label')}>
      <Space wrap size={[8, 8]}>
        <Button
          icon={<MenuUnfoldOutlined />}
          aria-pressed={outlineOpen}
          onClick={() => setOutlineOpen((open) => !open)}
          data-testid="doc-outline-toggle"
        >
          {t('toolbar.outline')}
        </Button>
        <Space.Compact>
          <Button icon={<ZoomOutOutlined />} aria-label={t('toolbar.zoomOut')} onClick={() => stepZoom(-1)} />
          <Select
            aria-label={t('toolbar.zoom')}
            value={zoom === 'fit' ? 'fit' : String(zoom)}
            onChange={(value) => setZoom(value === 'fit' ? 'fit' : Number(value))}
            style={{ width: 112 }}
            data-testid="doc-zoom"
            options={[
              { value: 'fit', label: t('toolbar.fitWidth') },
              ...ZOOMS.map((value) => ({ value: String(value), label: `${Math.round(value * 100)}%` })),
            ]}
          />
          <Button icon={<ZoomInOutlined />} aria-label={t('toolbar.zoomIn')} onClick={() => stepZoom(1)} />
        </Space.Compact>
        <Space.Compact>
          <Input
            prefix={<SearchOutlined />}
            allowClear
            aria-label={t('find.label')}
            placeholder={t('find.placeholder')}
            value={find.query}
            onChange={(event) => find.setQuery(event.target.value)}
            onPressEnter={(event) => find.step(event.shiftKey ? -1 : 1)}
            style={{ width: 180 }}
            data-testid="doc-find"
          />
          <Button icon={<UpOutlined />} aria-label={t('find.previous')} onClick={() => find.step(-1)} disabled={!find.total} />
          <Button
            icon={<DownOutlined />}
            aria-label={t('find.next')}
            onClick={() => find.step(1)}
            disabled={!find.total}
            data-testid="doc-find-next"
          />
        </Space.Compact>
        {find.query.trim() ? (
          <Text type="secondary" aria-live="polite" data-testid="doc-find-count">
            {find.total
              ? t(find.capped ? 'find.countMax' : 'find.count', { current: find.current + 1, total: find.total })
              : t('find.none')}
          </Text>
        ) : null}
        <Button icon={<PrinterOutlined />} disabled={rendering} onClick={onPrint} data-testid="doc-print">
          {t('toolbar.print')}
        </Button>
        <Text type="secondary" data-testid="doc-page-count">
          {t('pages', { count: pageCount })}
        </Text>
      </Space>
      {rendering ? (
        <Progress
          percent={Math.round((progress.done / progress.total) * 100)}
          size="small"
          format={() => t('rendering', progress)}
          data-testid="doc-progress"
        />
      ) : null}
    </div>
  );
}
