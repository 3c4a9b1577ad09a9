import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { Selection } from './voice-recorder.service';

interface WaveformProps {
  peaks: Float32Array;
  duration: number;
  selection: Selection;
  onChange: (selection: Selection, moved: 'start' | 'end') => void;
  /** Moved by the player on each animation frame (left, in %), outside React. */
  playheadRef: RefObject<HTMLDivElement | null>;
  labels: { waveform: string; start: string; end: string };
}

/** Draws the bars to fit the canvas's width at the screen's pixel density, again when it resizes. */
function useBars(peaks: Float32Array): RefObject<HTMLCanvasElement | null> {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvasRef.current;
    if (!element) return;
    const draw = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.max(1, Math.round(element.clientWidth * ratio));
      const height = Math.max(1, Math.round(element.clientHeight * ratio));
      element.width = width;
      element.height = height;
      const context = element.getContext('2d');
      if (!context) return;
      context.clearRect(0, 0, width, height);
      context.fillStyle = getComputedStyle(element).color;
      const bar = width / Math.max(1, peaks.length);
      for (let index = 0; index < peaks.length; index += 1) {
        const size = Math.max(ratio, peaks[index]! * height);
        context.fillRect(index * bar, (height - size) / 2, Math.max(ratio, bar - ratio * 0.5), size);
      }
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(element);
    return () => observer.disconnect();
  }, [peaks]);
  return canvasRef;
}

/**
 * The recording's waveform with the trim selection: two native range inputs lie over it as the
 * start and end handles (keyboard, screen readers and touch get the platform's own slider), and
 * the parts outside the selection are shaded.
 */
export function Waveform({ peaks, duration, selection, onChange, playheadRef, labels }: WaveformProps) {
  const canvasRef = useBars(peaks);
  const percent = (seconds: number) => `${duration > 0 ? (seconds / duration) * 100 : 0}%`;
  return (
    <div className="vrec__wave" data-testid="voice-waveform">
      <canvas ref={canvasRef} className="vrec__wave-canvas" role="img" aria-label={labels.waveform} />
      <div className="vrec__wave-shade" style={{ left: 0, width: percent(selection.start) }} />
      <div className="vrec__wave-shade" style={{ left: percent(selection.end), right: 0 }} />
      <div className="vrec__playhead" ref={playheadRef} hidden />
      <input
        type="range"
        className="vrec__handle"
        min={0}
        max={duration}
        step={0.01}
        value={selection.start}
        aria-label={labels.start}
        onChange={(event) => onChange({ ...selection, start: Number(event.target.value) }, 'start')}
        data-testid="voice-trim-start"
      />
      <input
        type="range"
        className="vrec__handle"
        min={0}
        max={duration}
        step={0.01}
        value={selection.end}
        aria-label={labels.end}
        onChange={(event) => onChange({ ...selection, end: Number(event.target.value) }, 'end')}
        data-testid="voice-trim-end"
      />
    </div>
  );
}
