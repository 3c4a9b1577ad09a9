import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@/components/Text';

interface ZoomViewProps {
  /** The picture; the view takes ownership and closes it when the next one arrives. */
  bitmap: ImageBitmap;
  busy?: boolean;
}

interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN_SCALE = 0.02;
const MAX_SCALE = 32;
const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * A picture with wheel/pinch zoom around the pointer, drag to pan, fit and 100 %. The bitmap goes to
 * a `bitmaprenderer` canvas, which takes it over without a copy or a draw on this thread, so a
 * 100-megapixel composite shows without a long task; zoom and pan are a CSS transform.
 */
export function ZoomView({ bitmap, busy = false }: ZoomViewProps) {
  const { t } = useTranslation('psd');
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const size = useRef({ width: 0, height: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());

  const fit = useCallback(() => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const { width, height } = size.current;
    const scale = clampScale(Math.min(box.width / width, box.height / height, 1));
    setView({ scale, x: (box.width - width * scale) / 2, y: (box.height - height * scale) / 2 });
  }, []);

  useLayoutEffect(() => {
    const target = canvas.current;
    if (!target) return;
    // Read the size first: a bitmap handed to the canvas is detached and reports 0 × 0.
    const { width, height } = bitmap;
    target.width = width;
    target.height = height;
    target.getContext('bitmaprenderer')?.transferFromImageBitmap(bitmap);
    if (size.current.width !== width || size.current.height !== height) {
      size.current = { width, height };
      fit();
    }
    // A picture of another size re-fits; a re-composited one keeps the zoom.
  }, [bitmap, fit]);

  const zoomAt = useCallback((factor: number, px?: number, py?: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box) return;
    const cx = px ?? box.width / 2;
    const cy = py ?? box.height / 2;
    setView((old) => {
      const scale = clampScale(old.scale * factor);
      const k = scale / old.scale;
      return { scale, x: cx - (cx - old.x) * k, y: cy - (cy - old.y) * k };
    });
  }, []);

  // A non-passive listener: React's onWheel cannot stop the page from scrolling.
  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      zoomAt(Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002)), event.clientX - box.left, event.clientY - box.top);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  const onPointerDown = (event: ReactPointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const others = [...pointers.current].filter(([id]) => id !== event.pointerId).map(([, point]) => point);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (others.length === 1) {
      // Pinch: the distance between the two fingers scales the picture around their midpoint.
      const other = others[0]!;
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
      const box = frame.current!.getBoundingClientRect();
      if (before > 0) zoomAt(after / before, (event.clientX + other.x) / 2 - box.left, (event.clientY + other.y) / 2 - box.top);
      return;
    }
    setView((old) => ({ ...old, x: old.x + event.clientX - previous.x, y: old.y + event.clientY - previous.y }));
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    pointers.current.delete(event.pointerId);
  };

  const actual = () => {
    const box = frame.current?.getBoundingClientRect();
    if (!box) return;
    setView({ scale: 1, x: (box.width - size.current.width) / 2, y: (box.height - size.current.height) / 2 });
  };

  return (
    <div className="psd-zoom">
      <Space wrap size={4} className="psd-zoom__bar">
        <Tooltip title={t('viewer.zoomOut')}>
          <Button size="small" icon={<ZoomOutOutlined />} aria-label={t('viewer.zoomOut')} onClick={() => zoomAt(1 / 1.25)} />
        </Tooltip>
        <Text className="psd-zoom__scale" data-testid="psd-zoom">
          {Math.round(view.scale * 100)}%
        </Text>
        <Tooltip title={t('viewer.zoomIn')}>
          <Button size="small" icon={<ZoomInOutlined />} aria-label={t('viewer.zoomIn')} onClick={() => zoomAt(1.25)} />
        </Tooltip>
        <Button size="small" icon={<CompressOutlined />} onClick={fit}>
          {t('viewer.fit')}
        </Button>
        <Button size="small" onClick={actual}>
          {t('viewer.actual')}
        </Button>
        <Text type="secondary" className="psd-zoom__hint">
          {busy ? t('viewer.rendering') : t('viewer.hint')}
        </Text>
      </Space>
      <div
        ref={frame}
        className="psd-zoom__frame"
        role="img"
        aria-label={t('viewer.label')}
        aria-busy={busy}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={fit}
        data-testid="psd-preview"
      >
        <canvas
          ref={canvas}
          className="psd-zoom__canvas"
          style={{
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
            imageRendering: view.scale > 2 ? 'pixelated' : 'auto',
          }}
        />
      </div>
    </div>
  );
}
