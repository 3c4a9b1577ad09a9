import { useEffect, useRef, useState } from 'react';
import type { SegmentState } from '@shared/m3u8';
import { cellAt, cellOrigin, gridLayout } from './grid';

const COLOURS: Record<SegmentState, string> = {
  waiting: '#d9d9d9',
  downloading: '#1677ff',
  done: '#52c41a',
  failed: '#ff4d4f',
};

/** One letter per state in `data-states` (for tests; short grids only). */
const LETTERS: Record<SegmentState, string> = { waiting: 'w', downloading: 'l', done: 'd', failed: 'f' };

interface Props {
  states: readonly SegmentState[];
  label: string;
  /** A cell was clicked (failed ones retry). */
  onCell: (index: number) => void;
  /** The pointer is over a cell (undefined: over none). */
  onHover: (index: number | undefined) => void;
}

/**
 * The retry grid on one canvas: 10,000 segments are 10,000 rectangles painted in a frame, where
 * as many DOM nodes would make a long video's page crawl. Clicks map back to a segment by geometry.
 */
export function SegmentGrid({ states, label, onCell, onHover }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  const layout = gridLayout(states.length, width);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(layout.width * ratio);
    element.height = Math.round(Math.max(1, layout.height) * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, layout.width, layout.height);
    states.forEach((state, index) => {
      const { x, y } = cellOrigin(layout, index);
      context.fillStyle = COLOURS[state];
      context.fillRect(x, y, layout.cell, layout.cell);
    });
  });

  const at = (event: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return cellAt(layout, event.clientX - rect.left, event.clientY - rect.top);
  };

  return (
    <div ref={box} className="m3u8__grid">
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid="m3u8-grid"
        data-states={states.length <= 200 ? states.map((state) => LETTERS[state]).join('') : undefined}
        style={{ width: layout.width, height: Math.max(1, layout.height) }}
        onClick={(event) => {
          const index = at(event);
          if (index !== undefined) onCell(index);
        }}
        onMouseMove={(event) => onHover(at(event))}
        onMouseLeave={() => onHover(undefined)}
      />
    </div>
  );
}
