import {
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  DownloadOutlined,
  EditOutlined,
  InsertRowAboveOutlined,
  InsertRowLeftOutlined,
  PlusOutlined,
  RedoOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Input, Modal, Popconfirm, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '@/components/download';
import { Text } from '@/components/Text';
import { toast } from '@/lib/notify';
import { excelWorker } from './excel-client';
import { Grid } from './Grid';
import type { Selection } from './Grid';
import { cellAddress } from './model';
import type { BookInfo, CsvEncoding } from './model';

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'workbook';
const safeFilePart = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');

export interface ExcelWorkspaceProps {
  book: BookInfo;
  fileName: string;
  /** A quick preview is shown: exports wait for the whole workbook. */
  reading: boolean;
  /** Reads the rest of a previewed workbook; called once the grid has asked for its first cells. */
  onReadRest: () => void;
  /** The workbook after an edit. */
  onBook: (book: BookInfo) => void;
}

/**
 * The open workbook: toolbar, formula bar, grid, sheet tabs and the rename dialog, built with antd,
 * so it loads (with antd's theme) with the first file and the page before it stays without antd.
 * Mounted afresh for each file, so the sheet, selection and find start over.
 */
export default function ExcelWorkspace({ book, fileName, reading, onReadRest, onBook }: ExcelWorkspaceProps) {
  const { t } = useTranslation('excel');
  const [sheet, setSheet] = useState(0);
  const [selected, setSelected] = useState<Selection>({ r: 1, c: 1 });
  const [cellText, setCellText] = useState('');
  const [draft, setDraft] = useState<string | null>(null);
  const [inCell, setInCell] = useState(false);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renameError, setRenameError] = useState('');
  const [modal, modalHolder] = Modal.useModal();

  const report = useCallback(
    (error: unknown) => toast.error(t('errors.failed', { message: error instanceof Error ? error.message : String(error) })),
    [t],
  );

  // After a preview's first view: read the whole workbook. This effect runs after the grid's (a
  // child's), so the worker answers the grid's first cells before it starts the long read.
  useEffect(() => {
    if (reading) onReadRest();
  }, [reading, onReadRest]);

  // The formula bar shows the selected cell's formula or value as typed, from the worker.
  useEffect(() => {
    let live = true;
    excelWorker
      .cellInput(sheet, selected.r, selected.c)
      .then((text) => live && setCellText(text))
      .catch(() => live && setCellText(''));
    return () => {
      live = false;
    };
  }, [book, sheet, selected.r, selected.c]);

  const apply = async (change: Promise<BookInfo>) => {
    try {
      const next = await change;
      onBook(next);
      setSheet((current) => Math.min(current, next.sheets.length - 1));
    } catch (error) {
      report(error);
    }
  };

  const info = book.sheets[sheet];

  /**
   * Starts editing in the cell: with the key that was typed, or with what the cell holds, asked of
   * the worker now (the formula bar's copy may still be the previous cell's right after a click).
   */
  const startEdit = async (initial?: string) => {
    const at = selected;
    const current = await excelWorker.cellInput(sheet, at.r, at.c).catch(() => '');
    setCellText(current);
    setInCell(true);
    setDraft(initial ?? current);
  };

  const commit = (move: 'down' | 'right' | 'none') => {
    if (draft === null || !info) return;
    const text = draft;
    setDraft(null);
    if (text !== cellText) {
      void apply(excelWorker.setCell(sheet, selected.r, selected.c, text));
    }
    if (move === 'down') setSelected({ r: Math.min(info.rows, selected.r + 1), c: selected.c });
    if (move === 'right') setSelected({ r: selected.r, c: Math.min(info.cols, selected.c + 1) });
  };

  const findNext = async () => {
    if (!query) return;
    try {
      const hit = await excelWorker.find(sheet, query, selected.r, selected.c);
      if (!hit) {
        setFound(t('find.none', { query }));
        return;
      }
      setSelected({ r: hit.r, c: hit.c });
      setFound(`${cellAddress(hit.r, hit.c)} · ${t('find.count', { index: hit.index, count: hit.count })}`);
    } catch (error) {
      report(error);
    }
  };

  const exportXlsx = async () => {
    // Macros are not written: say so before the file is made, not after.
    if (book.notes?.macros) {
      const go = await modal.confirm({
        title: t('notes.macrosTitle'),
        content: t('notes.macrosBody', { name: fileName }),
        okText: t('notes.macrosOk'),
        cancelText: t('notes.macrosCancel'),
      });
      if (!go) return;
    }
    try {
      const bytes = await excelWorker.exportXlsx();
      const name = `${baseName(fileName)}.xlsx`;
      downloadBlob(new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), name);
      toast.success(t('exported', { name }));
    } catch (error) {
      report(error);
    }
  };

  const exportCsv = async (encoding: CsvEncoding) => {
    if (!info) return;
    try {
      const bytes = await excelWorker.exportCsv(sheet, encoding);
      const name = `${baseName(fileName)}-${safeFilePart(info.name)}${encoding === 'gbk' ? '-gbk' : ''}.csv`;
      downloadBlob(new Blob([bytes as BlobPart], { type: `text/csv;charset=${encoding === 'gbk' ? 'gbk' : 'utf-8'}` }), name);
      toast.success(t('exported', { name }));
    } catch (error) {
      report(error);
    }
  };

  const addSheet = async () => {
    commit('none');
    await apply(excelWorker.addSheet(t('sheetBase')));
    // Like Excel, the new sheet is the one shown.
    setSheet(book.sheets.length);
    setSelected({ r: 1, c: 1 });
  };

  const confirmRename = async () => {
    if (renaming === null) return;
    const problem = await excelWorker.nameProblem(renaming, sheet);
    if (problem) {
      setRenameError(t(`rename.${problem}`));
      return;
    }
    setRenaming(null);
    await apply(excelWorker.renameSheet(sheet, renaming));
  };

  const tool = (title: string, icon: ReactNode, onClick: () => void, testId: string, disabled = false) => (
    <Tooltip title={title}>
      <Button icon={icon} aria-label={title} onClick={onClick} disabled={disabled} data-testid={testId} />
    </Tooltip>
  );

  if (!info) return null;
  return (
    <>
      {modalHolder}
      <div className="xl-toolbar">
        <span className="xl-file-name" data-testid="excel-file-name">
          {fileName}
        </span>
        {tool(t('actions.undo'), <UndoOutlined />, () => void apply(excelWorker.undo()), 'excel-undo', !book.canUndo)}
        {tool(t('actions.redo'), <RedoOutlined />, () => void apply(excelWorker.redo()), 'excel-redo', !book.canRedo)}
        {tool(
          t('actions.insertRow'),
          <InsertRowAboveOutlined />,
          () => void apply(excelWorker.insertLines(sheet, 'row', selected.r, 1)),
          'excel-insert-row',
        )}
        {tool(
          t('actions.deleteRow'),
          <DeleteRowOutlined />,
          () => void apply(excelWorker.deleteLines(sheet, 'row', selected.r, 1)),
          'excel-delete-row',
        )}
        {tool(
          t('actions.insertCol'),
          <InsertRowLeftOutlined />,
          () => void apply(excelWorker.insertLines(sheet, 'col', selected.c, 1)),
          'excel-insert-col',
        )}
        {tool(
          t('actions.deleteCol'),
          <DeleteColumnOutlined />,
          () => void apply(excelWorker.deleteLines(sheet, 'col', selected.c, 1)),
          'excel-delete-col',
        )}
        <Input.Search
          className="xl-find"
          size="middle"
          placeholder={t('find.placeholder')}
          aria-label={t('find.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setFound('');
          }}
          onSearch={() => void findNext()}
          data-testid="excel-find"
        />
        {found && (
          <Text type="secondary" data-testid="excel-find-result" aria-live="polite">
            {found}
          </Text>
        )}
        <Button
          icon={<DownloadOutlined />}
          type="primary"
          disabled={reading}
          onClick={() => void exportXlsx()}
          data-testid="excel-export-xlsx"
        >
          {t('actions.exportXlsx')}
        </Button>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'utf8bom', label: <span data-testid="excel-csv-utf8">{t('actions.csvUtf8')}</span> },
              { key: 'gbk', label: <span data-testid="excel-csv-gbk">{t('actions.csvGbk')}</span> },
            ],
            onClick: ({ key }) => void exportCsv(key as CsvEncoding),
          }}
        >
          <Button icon={<DownloadOutlined />} disabled={reading} data-testid="excel-export-csv">
            {t('actions.exportCsv')}
          </Button>
        </Dropdown>
      </div>
      <div className="xl-formula">
        <Input
          className="xl-address"
          readOnly
          value={cellAddress(selected.r, selected.c)}
          aria-label={t('addressLabel')}
          data-testid="excel-address"
        />
        <Input
          aria-label={t('formulaLabel')}
          data-testid="excel-formula"
          value={draft ?? cellText}
          onChange={(event) => {
            setInCell(false);
            setDraft(event.target.value);
          }}
          onPressEnter={() => commit('none')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(null);
          }}
          onBlur={() => {
            if (!inCell) commit('none');
          }}
        />
      </div>
      <Grid
        sheet={sheet}
        info={info}
        version={book.version}
        selected={selected}
        onSelect={(next) => {
          setSelected(next);
          setFound('');
        }}
        draft={inCell ? draft : null}
        onDraft={setDraft}
        onStartEdit={(initial) => void startEdit(initial)}
        onCommit={commit}
        onCancel={() => setDraft(null)}
        onClear={() => {
          if (cellText) void apply(excelWorker.setCell(sheet, selected.r, selected.c, ''));
        }}
        onUndo={() => void apply(excelWorker.undo())}
        onRedo={() => void apply(excelWorker.redo())}
        label={t('gridLabel', { sheet: info.name })}
      />
      <div className="xl-tabs" role="tablist" aria-label={t('sheetsLabel')} data-testid="excel-sheets">
        {book.sheets.map((entry, index) => (
          <button
            key={`${index}:${entry.name}`}
            type="button"
            role="tab"
            className="xl-tab"
            aria-selected={index === sheet}
            title={entry.name}
            onClick={() => {
              commit('none');
              setSheet(index);
              setSelected({ r: 1, c: 1 });
              setFound('');
            }}
            onDoubleClick={() => {
              setRenameError('');
              setRenaming(entry.name);
            }}
          >
            {entry.name}
          </button>
        ))}
        {tool(t('actions.addSheet'), <PlusOutlined />, () => void addSheet(), 'excel-add-sheet')}
        {tool(
          t('actions.renameSheet'),
          <EditOutlined />,
          () => {
            setRenameError('');
            setRenaming(info.name);
          },
          'excel-rename-sheet',
        )}
        <Popconfirm
          title={t('deleteSheetConfirm', { name: info.name })}
          okText={t('deleteSheetOk')}
          okButtonProps={{ danger: true }}
          onConfirm={() => void apply(excelWorker.deleteSheet(sheet))}
          disabled={book.sheets.length <= 1}
        >
          <Tooltip title={t('actions.deleteSheet')}>
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('actions.deleteSheet')}
              disabled={book.sheets.length <= 1}
              data-testid="excel-delete-sheet"
            />
          </Tooltip>
        </Popconfirm>
      </div>
      <Modal
        open={renaming !== null}
        title={t('rename.title')}
        okText={t('rename.ok')}
        cancelText={t('rename.cancel')}
        onOk={() => void confirmRename()}
        onCancel={() => setRenaming(null)}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={renaming ?? ''}
          maxLength={64}
          status={renameError ? 'error' : undefined}
          aria-label={t('rename.title')}
          data-testid="excel-rename-input"
          onChange={(event) => {
            setRenaming(event.target.value);
            setRenameError('');
          }}
          onPressEnter={() => void confirmRename()}
        />
        {renameError && (
          <Text type="danger" role="alert">
            {renameError}
          </Text>
        )}
      </Modal>
    </>
  );
}
