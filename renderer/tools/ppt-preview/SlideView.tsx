import type { CSSProperties, ReactNode } from 'react';
import { ChartView } from './ChartView';
import { LINE_GEOMETRIES, polygonOf } from './geometry';
import type { Box, Fill, Presentation, ShapeElement, Slide, SlideElement, TableElement, TextBody } from './pptx-model';

/** Object URLs of the deck's images, by zip path. */
export type ImageUrls = Record<string, string>;

function fillCss(fill: Fill | undefined, urls: ImageUrls): CSSProperties {
  if (!fill) return {};
  if (fill.kind === 'color') return { background: fill.color };
  if (fill.kind === 'gradient') return { background: fill.css };
  const url = urls[fill.image];
  return url ? { backgroundImage: `url("${url}")`, backgroundSize: '100% 100%' } : {};
}

function boxCss(box: Box): CSSProperties {
  const transforms = [
    box.rotation ? `rotate(${box.rotation}deg)` : '',
    box.flipH ? 'scaleX(-1)' : '',
    box.flipV ? 'scaleY(-1)' : '',
  ].filter(Boolean);
  return {
    position: 'absolute',
    left: box.x,
    top: box.y,
    width: Math.max(box.w, 0),
    height: Math.max(box.h, 0),
    transform: transforms.length ? transforms.join(' ') : undefined,
  };
}

/** `flow`: inside a table cell the text gives the cell its height instead of filling a fixed box. */
function TextView({ body, flipped, flow }: { body: TextBody; flipped?: boolean; flow?: boolean }) {
  const [top, right, bottom, left] = body.insets;
  return (
    <div
      style={{
        position: flow ? 'relative' : 'absolute',
        inset: flow ? undefined : 0,
        padding: `${top}px ${right}px ${bottom}px ${left}px`,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: body.anchor === 'middle' ? 'center' : body.anchor === 'bottom' ? 'flex-end' : 'flex-start',
        writingMode: body.vertical ? 'vertical-rl' : undefined,
        // Text keeps reading left to right when its shape is mirrored.
        transform: flipped ? 'scaleX(-1)' : undefined,
        color: '#000',
        overflowWrap: 'break-word',
        whiteSpace: body.wrap ? 'pre-wrap' : 'pre',
      }}
    >
      {body.paragraphs.map((paragraph, index) => (
        <p
          key={index}
          style={{
            margin: 0,
            textAlign: paragraph.align,
            paddingLeft: paragraph.marginLeft,
            textIndent: paragraph.indent,
            lineHeight: paragraph.lineHeight ?? 1.2,
            paddingTop: index > 0 ? paragraph.spaceBefore : 0,
            paddingBottom: paragraph.spaceAfter,
            fontSize: paragraph.runs[0]?.size ?? paragraph.emptySize,
            minHeight: paragraph.runs.length === 0 ? paragraph.emptySize * 1.2 : undefined,
          }}
        >
          {paragraph.bullet && (
            <span
              aria-hidden="true"
              style={{ color: paragraph.bulletColor ?? paragraph.runs[0]?.color, fontSize: paragraph.runs[0]?.size, marginRight: '0.4em' }}
            >
              {paragraph.bullet}
            </span>
          )}
          {paragraph.runs.map((run, i) =>
            run.br ? (
              <br key={i} />
            ) : (
              <span
                key={i}
                style={{
                  fontSize: run.size,
                  fontWeight: run.bold ? 700 : undefined,
                  fontStyle: run.italic ? 'italic' : undefined,
                  textDecoration:
                    [run.underline ? 'underline' : '', run.strike ? 'line-through' : ''].filter(Boolean).join(' ') || undefined,
                  color: run.color,
                  fontFamily: run.font,
                  verticalAlign: run.baseline ? (run.baseline > 0 ? 'super' : 'sub') : undefined,
                }}
              >
                {run.text}
              </span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}

function ShapeView({ shape, urls }: { shape: ShapeElement; urls: ImageUrls }) {
  const { w, h } = shape.box;
  const polygon = polygonOf(shape.geometry);
  const isLine = LINE_GEOMETRIES.has(shape.geometry);
  const round = shape.geometry === 'ellipse' ? '50%' : shape.geometry === 'roundRect' ? Math.min(w, h) * 0.1667 : undefined;
  let body: ReactNode;
  if (isLine && shape.line) {
    body = (
      <svg
        width={Math.max(w, 1)}
        height={Math.max(h, 1)}
        style={{ position: 'absolute', inset: 0, overflow: 'visible' }}
        aria-hidden="true"
      >
        <line
          x1={0}
          y1={0}
          x2={w}
          y2={h}
          stroke={shape.line.color}
          strokeWidth={shape.line.width}
          strokeDasharray={shape.line.dash ? `${shape.line.width * 3}` : undefined}
        />
      </svg>
    );
  } else if (polygon && (shape.fill?.kind === 'color' || shape.line) && !shape.image) {
    body = (
      <svg width={w} height={h} style={{ position: 'absolute', inset: 0, overflow: 'visible' }} aria-hidden="true">
        <polygon
          points={polygon.map(([x, y]) => `${x * w},${y * h}`).join(' ')}
          fill={shape.fill?.kind === 'color' ? shape.fill.color : 'none'}
          stroke={shape.line?.color ?? 'none'}
          strokeWidth={shape.line?.width}
        />
      </svg>
    );
  } else {
    body = (
      <div
        style={{
          position: 'absolute',
          inset: 0,
          borderRadius: round,
          overflow: 'hidden',
          ...fillCss(shape.fill, urls),
          border: shape.line ? `${shape.line.width}px ${shape.line.dash ? 'dashed' : 'solid'} ${shape.line.color}` : undefined,
          boxSizing: 'border-box',
        }}
      >
        {shape.image && urls[shape.image] && (
          <img
            src={urls[shape.image]}
            alt={shape.name}
            draggable={false}
            style={{ width: '100%', height: '100%', display: 'block', objectFit: 'fill' }}
          />
        )}
        {shape.unsupportedImage && (
          <div
            style={{ width: '100%', height: '100%', background: '#f0f0f0', border: '1px dashed #bfbfbf', boxSizing: 'border-box' }}
            title={shape.name}
          />
        )}
      </div>
    );
  }
  return (
    <div style={boxCss(shape.box)} data-shape={shape.geometry}>
      {body}
      {shape.text && <TextView body={shape.text} flipped={shape.box.flipH} />}
    </div>
  );
}

function TableView({ table }: { table: TableElement }) {
  return (
    <div style={boxCss({ ...table.box, h: 0 })}>
      <table style={{ borderCollapse: 'collapse', tableLayout: 'fixed', width: table.columns.reduce((a, b) => a + b, 0) }}>
        <colgroup>
          {table.columns.map((width, i) => (
            <col key={i} style={{ width }} />
          ))}
        </colgroup>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r} style={{ height: row.height }}>
              {row.cells.map((cell, c) =>
                cell.merged ? null : (
                  <td
                    key={c}
                    colSpan={cell.colSpan}
                    rowSpan={cell.rowSpan}
                    style={{
                      position: 'relative',
                      padding: 0,
                      background: cell.fill,
                      border: `1px solid ${cell.fill ? table.borderColor : '#bfbfbf'}`,
                      verticalAlign: 'top',
                    }}
                  >
                    {cell.text && <TextView body={cell.text} flow />}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ElementView({ element, urls }: { element: SlideElement; urls: ImageUrls }) {
  if (element.type === 'table') return <TableView table={element} />;
  if (element.type === 'chart')
    return (
      <div style={boxCss(element.box)}>
        <ChartView chart={element} />
      </div>
    );
  return <ShapeView shape={element} urls={urls} />;
}

interface SlideViewProps {
  presentation: Presentation;
  slide: Slide;
  urls: ImageUrls;
  /** Width on screen in CSS pixels; the slide is drawn at its own size and scaled. */
  width: number;
  /** Thumbnails are not read out a second time. */
  decorative?: boolean;
  'data-testid'?: string;
}

/** One slide as positioned DOM (real text for screen readers, find and copy), scaled to `width`. */
export function SlideView({ presentation, slide, urls, width, decorative, 'data-testid': testId }: SlideViewProps) {
  const scale = width / presentation.width;
  return (
    <div
      data-testid={testId}
      aria-hidden={decorative || undefined}
      style={{ width, height: presentation.height * scale, overflow: 'hidden', position: 'relative', flex: 'none' }}
    >
      <SlideCanvas presentation={presentation} slide={slide} urls={urls} style={{ transform: `scale(${scale})`, transformOrigin: '0 0' }} />
    </div>
  );
}

/** The slide at its own size (what PNG export draws). */
export function SlideCanvas({
  presentation,
  slide,
  urls,
  style,
}: {
  presentation: Presentation;
  slide: Slide;
  urls: ImageUrls;
  style?: CSSProperties;
}) {
  return (
    <div
      className="ppt-slide"
      style={{
        position: 'absolute',
        left: 0,
        top: 0,
        width: presentation.width,
        height: presentation.height,
        overflow: 'hidden',
        background: '#fff',
        ...fillCss(slide.background, urls),
        fontFamily: '"Noto Sans CJK SC", sans-serif',
        ...style,
      }}
    >
      {slide.elements.map((element, index) => (
        <ElementView key={index} element={element} urls={urls} />
      ))}
    </div>
  );
}
