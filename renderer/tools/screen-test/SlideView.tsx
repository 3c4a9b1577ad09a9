import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FrameWindow, ghostX, gradientCss } from './screen-test.service';
import type { RefreshEstimate, Slide } from './screen-test.service';

/**
 * A canvas backed by device pixels (CSS size × devicePixelRatio), redrawn by `draw` whenever its
 * size changes, so a "1 px" line is one physical pixel and not a blurred two.
 */
function DeviceCanvas({
  draw,
  testId,
}: {
  draw: (context: CanvasRenderingContext2D, width: number, height: number) => void;
  testId: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current!;
    const paint = () => {
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.max(1, Math.round(canvas.clientWidth * ratio));
      canvas.height = Math.max(1, Math.round(canvas.clientHeight * ratio));
      const context = canvas.getContext('2d');
      if (context) draw(context, canvas.width, canvas.height);
    };
    paint();
    const observer = new ResizeObserver(paint);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [draw]);
  return <canvas ref={ref} className="screen-test__fill" data-testid={testId} />;
}

/** A repeating tile as a fill: one fillRect instead of a loop over every pixel of a 4K screen. */
function fillTile(
  context: CanvasRenderingContext2D,
  width: number,
  height: number,
  size: number,
  paintTile: (tile: CanvasRenderingContext2D) => void,
) {
  const tile = document.createElement('canvas');
  tile.width = size;
  tile.height = size;
  const tileContext = tile.getContext('2d');
  if (!tileContext) return;
  paintTile(tileContext);
  const pattern = context.createPattern(tile, 'repeat');
  if (!pattern) return;
  context.fillStyle = pattern;
  context.fillRect(0, 0, width, height);
}

const drawGrid = (context: CanvasRenderingContext2D, width: number, height: number) =>
  fillTile(context, width, height, 16, (tile) => {
    tile.fillStyle = '#000';
    tile.fillRect(0, 0, 16, 16);
    tile.fillStyle = '#fff';
    tile.fillRect(0, 0, 16, 1);
    tile.fillRect(0, 0, 1, 16);
  });

const drawChecker = (context: CanvasRenderingContext2D, width: number, height: number) =>
  fillTile(context, width, height, 2, (tile) => {
    tile.fillStyle = '#000';
    tile.fillRect(0, 0, 2, 2);
    tile.fillStyle = '#fff';
    tile.fillRect(0, 0, 1, 1);
    tile.fillRect(1, 1, 1, 1);
  });

const TEXT_SIZES = [8, 10, 12, 14, 16, 20, 24, 32];

function TextSharpness() {
  const { t } = useTranslation('screen-test');
  return (
    <div className="screen-test__fill screen-test__text">
      {(['light', 'dark'] as const).map((tone) => (
        <div key={tone} className={`screen-test__text-block screen-test__text-block--${tone}`}>
          {TEXT_SIZES.map((size) => (
            <p key={size} style={{ fontSize: size }}>
              {t('sample', { size })}
            </p>
          ))}
        </div>
      ))}
    </div>
  );
}

/** Reads requestAnimationFrame's timestamps and shows the rate twice a second. */
function RefreshMeter() {
  const { t } = useTranslation('screen-test');
  const [estimate, setEstimate] = useState<RefreshEstimate | null>(null);
  useEffect(() => {
    const frames = new FrameWindow(240);
    let shown = 0;
    let handle = requestAnimationFrame(function frame(time) {
      frames.push(time);
      if (time - shown > 500) {
        shown = time;
        const next = frames.estimate();
        if (next.hz > 0) setEstimate(next);
      }
      handle = requestAnimationFrame(frame);
    });
    return () => cancelAnimationFrame(handle);
  }, []);
  return (
    <div className="screen-test__fill screen-test__refresh">
      {estimate ? (
        <>
          <div className="screen-test__hz" data-testid="screen-test-hz" data-hz={estimate.hz}>
            {t('refresh.hz', { hz: estimate.hz.toFixed(1) })}
          </div>
          <div>{t('refresh.frame', { ms: estimate.frameMs.toFixed(2) })}</div>
          <div>{t('refresh.jitter', { ms: estimate.jitterMs.toFixed(2) })}</div>
          <div>{t('refresh.dropped', { count: estimate.dropped })}</div>
        </>
      ) : (
        <div className="screen-test__hz">{t('refresh.measuring')}</div>
      )}
    </div>
  );
}

const GHOST_ROWS = ['#ffffff', '#00ffff', '#ffff00'];

/** UFO-style blocks crossing a grey field at `speed` CSS px/s, one row per colour. */
function Ghosting({ speed }: { speed: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current!;
    const context = canvas.getContext('2d');
    if (!context) return;
    const started = performance.now();
    let handle = requestAnimationFrame(function frame(time) {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(canvas.clientWidth * ratio);
      const height = Math.round(canvas.clientHeight * ratio);
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      context.fillStyle = '#808080';
      context.fillRect(0, 0, width, height);
      const block = Math.min(80 * ratio, height / (GHOST_ROWS.length * 2));
      const x = ghostX(time - started, speed * ratio, width - block);
      GHOST_ROWS.forEach((color, row) => {
        context.fillStyle = color;
        context.fillRect(x, (height / GHOST_ROWS.length) * (row + 0.5) - block / 2, block, block);
      });
      handle = requestAnimationFrame(frame);
    });
    return () => cancelAnimationFrame(handle);
  }, [speed]);
  return <canvas ref={ref} className="screen-test__fill" data-testid="screen-test-ghosting" />;
}

export function SlideView({ slide }: { slide: Slide }) {
  switch (slide.kind) {
    case 'solid':
      return (
        <div className="screen-test__fill" style={{ background: slide.color }} data-testid="screen-test-solid" data-color={slide.color} />
      );
    case 'gradient':
      return (
        <div
          className="screen-test__fill"
          style={{ background: gradientCss(slide.channel, slide.steps) }}
          data-testid="screen-test-gradient"
        />
      );
    case 'pattern':
      if (slide.pattern === 'text') return <TextSharpness />;
      return <DeviceCanvas draw={slide.pattern === 'grid' ? drawGrid : drawChecker} testId={`screen-test-${slide.pattern}`} />;
    case 'refresh':
      return <RefreshMeter />;
    case 'ghosting':
      return <Ghosting speed={slide.speed} />;
  }
}
