import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ClipboardEvent, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { excelWorker } from './excel-client';
import { CellStore } from './cell-store';
import { BLOCK_COLS, BLOCK_ROWS, blocksFor, lineAt, prefixSums } from './layout';
import { columnName } from './model';
import { spillEnds } from './overflow';
import type { CellStyle, CellView, SheetInfo } from './model';

const HEADER_W = 48;
const HEADER_H = 24;
/** Extra rows and columns fetched and drawn past the edges, so a scroll shows cells, not blanks. */
const OVERSCAN = 6;
/** The cell's side padding, both sides: spilled text stops this far inside the last empty cell. */
const SPILL_INSET = 6;

export interface Selection {
  r: number;
  c: number;
}

interface GridProps {
  sheet: number;
  info: SheetInfo;
  version: number;
  selected: Selection;
  onSelect: (selection: Selection) => void;
  /** The in-cell editor's text, or null when not editing. */
  draft: string | null;
  onDraft: (text: string) => void;
  onStartEdit: (initial?: string) => void;
  onCommit: (move: 'down' | 'right' | 'none') => void;
  onCancel: () => void;
  onClear: () => void;
  onUndo: () => void;
  onRedo: () => void;
  label: string;
}

function cellCss(style: CellStyle | undefined, numeric: boolean | undefined): CSSProperties {
  const css: CSSProperties = {};
  const align = style?.hAlign ?? (numeric ? 'right' : undefined);
  if (align) {
    css.textAlign = align;
    if (align === 'center' || align === 'right') css.justifyContent = align === 'center' ? 'center' : 'flex-end';
  }
  if (!style) return css;
  if (style.fontFamily) css.fontFamily = style.fontFamily;
  if (style.fontSize) css.fontSize = `${style.fontSize}pt`;
  if (style.bold) css.fontWeight = 700;
  if (style.italic) css.fontStyle = 'italic';
  const decoration = [style.underline ? 'underline' : '', style.strike ? 'line-through' : ''].filter(Boolean).join(' ');
  if (decoration) css.textDecoration = decoration;
  if (style.color) css.color = style.color;
  if (style.fill) css.background = style.fill;
  if (style.vAlign) css.alignItems = style.vAlign === 'top' ? 'flex-start' : style.vAlign === 'middle' ? 'center' : 'flex-end';
  if (style.wrap) css.whiteSpace = 'pre-wrap';
  if (style.indent) css.paddingLeft = 3 + style.indent * 9;
  if (style.borderTop) css.borderTop = style.borderTop;
  if (style.borderRight) css.borderRight = style.borderRight;
  if (style.borderBottom) css.borderBottom = style.borderBottom;
  if (style.borderLeft) css.borderLeft = style.borderLeft;
  return css;
}

const DASHES: Record<string, string> = { dotted: '1 2', dashed: '4 2', double: '' };

/** A border's CSS (`2px dashed #rrggbb`) as an SVG stroke. */
function stroke(css: string) {
  const [width = '1px', kind = 'solid', color = '#000000'] = css.split(' ');
  return { stroke: color, strokeWidth: parseFloat(width) || 1, strokeDasharray: DASHES[kind] || undefined };
}

/** A cell's diagonal lines, stretched over its box whatever its size (CSS borders have no diagonals). */
function Diagonals({ style }: { style: CellStyle }) {
  return (
    <svg className="xl-diagonal" aria-hidden viewBox="0 0 100 100" preserveAspectRatio="none">
      {style.diagonalUp && <line x1={0} y1={100} x2={100} y2={0} vectorEffect="non-scaling-stroke" {...stroke(style.diagonalUp)} />}
      {style.diagonalDown && <line x1={0} y1={0} x2={100} y2={100} vectorEffect="non-scaling-stroke" {...stroke(style.diagonalDown)} />}
    </svg>
  );
}

/**
 * A DOM-virtualised sheet: only the rows and columns in view (plus a few) exist as elements, and
 * they are real text, so the browser's find, copy and screen readers reach them. Frozen rows and
 * columns are drawn in bands that follow the scroll.
 */
export function Grid(props: GridProps) {
  const { sheet, info, version, selected, onSelect, draft } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const editor = useRef<HTMLInputElement>(null);
  const [view, setView] = useState({ left: 0, top: 0, width: 800, height: 480 });
  const [, setTick] = useState(0);
  const [store] = useState(() => new CellStore());

  const colX = useMemo(() => prefixSums(info.colWidths), [info.colWidths]);
  const rowY = useMemo(() => prefixSums(info.rowHeights), [info.rowHeights]);
  const frozenRows = Math.min(info.frozenRows, info.rows);
  const frozenCols = Math.min(info.frozenCols, info.cols);
  const frozenH = rowY[frozenRows]!;
  const frozenW = colX[frozenCols]!;

  const cacheKey = `${sheet}:${version}`;
  store.use(cacheKey);

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    setView({ left: element.scrollLeft, top: element.scrollTop, width: element.clientWidth, height: element.clientHeight });
  }, []);

  useLayoutEffect(() => {
    measure();
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  const frame = useRef(0);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  };

  const bodyRows: [number, number] = [
    Math.max(frozenRows + 1, lineAt(rowY, view.top + frozenH) - OVERSCAN),
    Math.min(info.rows, lineAt(rowY, view.top + view.height - HEADER_H) + OVERSCAN),
  ];
  const bodyCols: [number, number] = [
    Math.max(frozenCols + 1, lineAt(colX, view.left + frozenW) - OVERSCAN),
    Math.min(info.cols, lineAt(colX, view.left + view.width - HEADER_W) + OVERSCAN),
  ];
  const frozenRowRange: [number, number] = [1, frozenRows];
  const frozenColRange: [number, number] = [1, frozenCols];

  const needed = useMemo(() => {
    // The body, the frozen rows over it, the frozen columns beside it and their corner: never the
    // rows between the frozen band and the view, however far down the sheet is scrolled.
    const seen = new Set<string>();
    const parts = [blocksFor(bodyRows[0], bodyRows[1], bodyCols[0], bodyCols[1])];
    if (frozenRows > 0) parts.push(blocksFor(1, frozenRows, bodyCols[0], bodyCols[1]));
    if (frozenCols > 0) parts.push(blocksFor(bodyRows[0], bodyRows[1], 1, frozenCols));
    if (frozenRows > 0 && frozenCols > 0) parts.push(blocksFor(1, frozenRows, 1, frozenCols));
    return parts.flat().filter(([row, col]) => {
      const key = `${row},${col}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [frozenRows, frozenCols, bodyRows[0], bodyRows[1], bodyCols[0], bodyCols[1]]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    for (const [blockRow, blockCol] of needed) {
      const block = `${blockRow},${blockCol}`;
      if (!store.claim(block)) continue;
      const top = blockRow * BLOCK_ROWS + 1;
      const left = blockCol * BLOCK_COLS + 1;
      void excelWorker
        .window({ sheet, top, bottom: top + BLOCK_ROWS - 1, left, right: left + BLOCK_COLS - 1 })
        .then((window) => {
          if (store.fill(cacheKey, block, window.cells, window.styles)) setTick((tick) => tick + 1);
        })
        .catch(() => store.release(cacheKey, block));
    }
  }, [needed, sheet, cacheKey, store]);

  const mergeAt = useCallback(
    (r: number, c: number) => info.merges.find((merge) => r >= merge.top && r <= merge.bottom && c >= merge.left && c <= merge.right),
    [info.merges],
  );

  const styleOf = (cell: CellView) => (cell.style === undefined ? undefined : store.styles.get(cell.style));

  /** A cell's box in the scroller's content, frozen bands following the scroll. */
  const rectOf = (r: number, c: number, rowSpan = 1, colSpan = 1) => {
    const x = colX[c - 1]! + (c <= frozenCols ? view.left : 0);
    const y = rowY[r - 1]! + (r <= frozenRows ? view.top : 0);
    return {
      left: HEADER_W + x,
      top: HEADER_H + y,
      width: colX[Math.min(info.cols, c + colSpan - 1)]! - colX[c - 1]!,
      height: rowY[Math.min(info.rows, r + rowSpan - 1)]! - rowY[r - 1]!,
    };
  };

  const cellsIn = (rows: [number, number], cols: [number, number]): CellView[] => {
    if (rows[0] > rows[1] || cols[0] > cols[1]) return [];
    const seen = new Set<string>();
    const out: CellView[] = [];
    // A merge anchored above or left of the view comes with every block it reaches into (the worker
    // adds it), so the blocks in view are enough.
    for (const [blockRow, blockCol] of blocksFor(rows[0], rows[1], cols[0], cols[1])) {
      const key = `${blockRow},${blockCol}`;
      for (const cell of store.get(key) ?? []) {
        const bottom = cell.r + (cell.rowSpan ?? 1) - 1;
        const right = cell.c + (cell.colSpan ?? 1) - 1;
        if (bottom < rows[0] || cell.r > rows[1] || right < cols[0] || cell.c > cols[1]) continue;
        const id = `${cell.r},${cell.c}`;
        if (seen.has(id)) continue;
        seen.add(id);
        out.push(cell);
      }
    }
    return out;
  };

  const renderQuadrant = (name: string, rows: [number, number], cols: [number, number], z: number): ReactNode => {
    if (rows[0] > rows[1] || cols[0] > cols[1]) return null;
    const first = rectOf(rows[0], cols[0]);
    const last = rectOf(rows[1], cols[1]);
    const width = last.left + last.width - first.left;
    const height = last.top + last.height - first.top;
    const lines: ReactNode[] = [];
    for (let r = rows[0]; r <= rows[1]; r += 1) {
      if (!info.rowHeights[r - 1]) continue;
      const box = rectOf(r, cols[0]);
      lines.push(<div key={`h${r}`} className="xl-line" style={{ left: first.left, top: box.top + box.height - 1, width, height: 1 }} />);
    }
    for (let c = cols[0]; c <= cols[1]; c += 1) {
      if (!info.colWidths[c - 1]) continue;
      const box = rectOf(rows[0], c);
      lines.push(<div key={`v${c}`} className="xl-line" style={{ left: box.left + box.width - 1, top: first.top, width: 1, height }} />);
    }
    const byRow = new Map<number, CellView[]>();
    for (const cell of cellsIn(rows, cols)) {
      const list = byRow.get(cell.r) ?? [];
      list.push(cell);
      byRow.set(cell.r, list);
    }
    const frozen = z > 1;
    return (
      <div key={name} className="xl-quadrant" role="presentation" style={{ zIndex: z }}>
        {frozen && <div className="xl-band" style={{ left: first.left, top: first.top, width, height }} />}
        {lines}
        {[...byRow.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([r, cells]) => {
            const ends = spillEnds(cells, cols[1], styleOf, (c) => mergeAt(r, c) !== undefined);
            return (
              <div key={r} role="row" aria-rowindex={r + 1}>
                {cells.map((cell) => {
                  const box = rectOf(cell.r, cell.c, cell.rowSpan, cell.colSpan);
                  const style = styleOf(cell);
                  const end = ends.get(cell.c);
                  return (
                    <div
                      key={cell.c}
                      role="gridcell"
                      aria-colindex={cell.c + 1}
                      aria-selected={cell.r === selected.r && cell.c === selected.c}
                      className={`xl-cell${cell.rowSpan ? ' xl-merged' : ''}${end ? ' xl-spill' : ''}`}
                      data-cell={`${columnName(cell.c)}${cell.r}`}
                      style={{ ...box, ...cellCss(style, cell.numeric) }}
                    >
                      {(style?.diagonalUp || style?.diagonalDown) && <Diagonals style={style} />}
                      {end ? (
                        // The box keeps its own borders and fill; only the text runs on, clipped
                        // where the next cell with something in it starts.
                        <span className="xl-spill-text" style={{ width: colX[end]! - colX[cell.c - 1]! - SPILL_INSET }}>
                          {cell.text}
                        </span>
                      ) : (
                        cell.text
                      )}
                    </div>
                  );
                })}
              </div>
            );
          })}
      </div>
    );
  };

  const visibleHeaderCols = [...range(frozenColRange), ...range(bodyCols)];
  const visibleHeaderRows = [...range(frozenRowRange), ...range(bodyRows)];
  const selectedMerge = mergeAt(selected.r, selected.c);
  const selectedBox = selectedMerge
    ? rectOf(
        selectedMerge.top,
        selectedMerge.left,
        selectedMerge.bottom - selectedMerge.top + 1,
        selectedMerge.right - selectedMerge.left + 1,
      )
    : rectOf(selected.r, selected.c);

  const scrollIntoView = (r: number, c: number) => {
    const element = scroller.current;
    if (!element) return;
    const rowTop = rowY[r - 1]!;
    const rowBottom = rowY[r]!;
    const colLeft = colX[c - 1]!;
    const colRight = colX[c]!;
    if (r > frozenRows) {
      if (rowTop - frozenH < element.scrollTop) element.scrollTop = rowTop - frozenH;
      else if (rowBottom + HEADER_H > element.scrollTop + element.clientHeight)
        element.scrollTop = rowBottom + HEADER_H - element.clientHeight;
    }
    if (c > frozenCols) {
      if (colLeft - frozenW < element.scrollLeft) element.scrollLeft = colLeft - frozenW;
      else if (colRight + HEADER_W > element.scrollLeft + element.clientWidth)
        element.scrollLeft = colRight + HEADER_W - element.clientWidth;
    }
  };

  useEffect(() => {
    scrollIntoView(selected.r, selected.c);
  }, [selected.r, selected.c, sheet]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (draft !== null) editor.current?.focus();
  }, [draft !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  const move = (dr: number, dc: number) => {
    let r = selected.r;
    let c = selected.c;
    const merge = mergeAt(r, c);
    if (merge) {
      if (dr > 0) r = merge.bottom;
      if (dc > 0) c = merge.right;
      if (dr < 0) r = merge.top;
      if (dc < 0) c = merge.left;
    }
    r = Math.min(info.rows, Math.max(1, r + dr));
    c = Math.min(info.cols, Math.max(1, c + dc));
    const landed = mergeAt(r, c);
    onSelect(landed ? { r: landed.top, c: landed.left } : { r, c });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (draft !== null) return;
    const key = event.key;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) props.onRedo();
      else props.onUndo();
      return;
    }
    if (ctrl && key.toLowerCase() === 'y') {
      event.preventDefault();
      props.onRedo();
      return;
    }
    if (ctrl || event.altKey) return;
    // Tab is left to the browser so keyboard users can leave the grid; it moves right while editing.
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      PageDown: [Math.max(1, Math.floor(view.height / 24) - 2), 0],
      PageUp: [-Math.max(1, Math.floor(view.height / 24) - 2), 0],
    };
    const step = moves[key];
    if (step) {
      event.preventDefault();
      move(step[0], step[1]);
    } else if (key === 'Enter' || key === 'F2') {
      event.preventDefault();
      props.onStartEdit();
    } else if (key === 'Delete' || key === 'Backspace') {
      event.preventDefault();
      props.onClear();
    } else if (key.length === 1) {
      event.preventDefault();
      props.onStartEdit(key);
    }
  };

  const cellFromPoint = (event: MouseEvent<HTMLDivElement>): Selection | undefined => {
    const element = scroller.current;
    if (!element) return undefined;
    const bounds = element.getBoundingClientRect();
    const x = event.clientX - bounds.left - HEADER_W;
    const y = event.clientY - bounds.top - HEADER_H;
    if (x < 0 || y < 0 || x > element.clientWidth || y > element.clientHeight) return undefined;
    const r = lineAt(rowY, y < frozenH ? y : y + element.scrollTop);
    const c = lineAt(colX, x < frozenW ? x : x + element.scrollLeft);
    const merge = mergeAt(r, c);
    return merge ? { r: merge.top, c: merge.left } : { r, c };
  };

  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    if (draft !== null || window.getSelection()?.toString()) return;
    // Nothing is highlighted: copy the selected cell's shown text, as a spreadsheet does.
    const key = `${Math.floor((selected.r - 1) / BLOCK_ROWS)},${Math.floor((selected.c - 1) / BLOCK_COLS)}`;
    const cell = store.get(key)?.find((entry) => entry.r === selected.r && entry.c === selected.c);
    event.preventDefault();
    event.clipboardData.setData('text/plain', cell?.text ?? '');
  };

  return (
    <div
      ref={scroller}
      className="xl-grid"
      role="grid"
      aria-label={props.label}
      aria-rowcount={info.rows + 1}
      aria-colcount={info.cols + 1}
      tabIndex={0}
      data-testid="excel-grid"
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onCopy={onCopy}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('.xl-editor')) return;
        const cell = cellFromPoint(event);
        if (!cell) return;
        if (draft !== null) props.onCommit('none');
        onSelect(cell);
      }}
      onDoubleClick={(event) => {
        if (cellFromPoint(event)) props.onStartEdit();
      }}
    >
      <div className="xl-space" style={{ width: HEADER_W + colX[info.cols]!, height: HEADER_H + rowY[info.rows]! }}>
        {renderQuadrant('body', bodyRows, bodyCols, 1)}
        {renderQuadrant('top', frozenRowRange, bodyCols, 2)}
        {renderQuadrant('left', bodyRows, frozenColRange, 3)}
        {renderQuadrant('corner', frozenRowRange, frozenColRange, 4)}
        <div className="xl-selection" style={{ ...selectedBox, zIndex: selected.r <= frozenRows || selected.c <= frozenCols ? 5 : 1 }} />
        {draft !== null && (
          <input
            ref={editor}
            className="xl-editor"
            aria-label={props.label}
            data-testid="excel-cell-editor"
            value={draft}
            style={{ ...selectedBox, minWidth: Math.max(selectedBox.width, 120) }}
            onChange={(event) => props.onDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                props.onCommit('down');
                scroller.current?.focus();
              } else if (event.key === 'Tab') {
                event.preventDefault();
                props.onCommit('right');
                scroller.current?.focus();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                props.onCancel();
                scroller.current?.focus();
              }
            }}
          />
        )}
        <div className="xl-colheads" role="row" aria-rowindex={1} style={{ top: view.top, width: HEADER_W + colX[info.cols]! }}>
          {visibleHeaderCols.map((c) => {
            const box = rectOf(1, c);
            return (
              <div
                key={c}
                role="columnheader"
                aria-colindex={c + 1}
                className={`xl-head${c === selected.c ? ' xl-head-on' : ''}`}
                style={{ left: box.left, width: box.width, zIndex: c <= frozenCols ? 2 : 1 }}
              >
                {box.width > 0 ? columnName(c) : ''}
              </div>
            );
          })}
        </div>
        <div className="xl-rowheads" aria-hidden style={{ left: view.left, height: HEADER_H + rowY[info.rows]! }}>
          {visibleHeaderRows.map((r) => {
            const box = rectOf(r, 1);
            return (
              <div
                key={r}
                className={`xl-head${r === selected.r ? ' xl-head-on' : ''}`}
                style={{ top: box.top, height: box.height, zIndex: r <= frozenRows ? 2 : 1 }}
              >
                {box.height > 0 ? r : ''}
              </div>
            );
          })}
        </div>
        <div className="xl-corner" style={{ left: view.left, top: view.top }} />
      </div>
    </div>
  );
}

function range([from, to]: [number, number]): number[] {
  const out: number[] = [];
  for (let index = from; index <= to; index += 1) out.push(index);
  return out;
}
