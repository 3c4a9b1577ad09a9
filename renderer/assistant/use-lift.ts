import { useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { useSettings } from '@/stores/settings';

/** Past this many pixels a press is a drag, not a click. */
const DRAG_THRESHOLD = 4;
/** One arrow key press moves the character this far. */
const KEY_STEP = 40;
/** The character's corner offset and height (assistant.css): the highest lift keeps it whole on screen. */
const CORNER = 24;
const SIZE = 52;
const MARGIN = 8;

const highest = () => Math.max(0, window.innerHeight - CORNER - SIZE - MARGIN);
const within = (lift: number) => Math.round(Math.min(Math.max(lift, 0), highest()));

/**
 * The character can be dragged up and down the left edge (or moved with the arrow keys when
 * focused), so it never has to sit on what the user is reading; the place is kept on this device.
 * A drag is no click: the panel stays as it was.
 */
export function useLift() {
  const saved = useSettings((state) => state.assistantLift);
  const [dragged, setDragged] = useState<number>();
  const press = useRef<{ pointer: number; startY: number; startLift: number; moved: boolean }>(undefined);
  const suppressClick = useRef(false);
  const lift = dragged ?? within(saved);

  const keep = (next: number) => {
    setDragged(undefined);
    useSettings.getState().update({ assistantLift: within(next) });
  };

  return {
    lift,
    handlers: {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.button !== 0) return;
        press.current = { pointer: event.pointerId, startY: event.clientY, startLift: lift, moved: false };
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const current = press.current;
        if (!current || current.pointer !== event.pointerId) return;
        const distance = current.startY - event.clientY;
        if (!current.moved && Math.abs(distance) < DRAG_THRESHOLD) return;
        if (!current.moved) event.currentTarget.setPointerCapture(event.pointerId);
        current.moved = true;
        setDragged(within(current.startLift + distance));
      },
      onPointerUp(event: PointerEvent<HTMLElement>) {
        const current = press.current;
        press.current = undefined;
        if (!current?.moved) return;
        suppressClick.current = true;
        keep(current.startLift + current.startY - event.clientY);
      },
      onPointerCancel() {
        if (press.current?.moved) keep(press.current.startLift);
        press.current = undefined;
      },
      onKeyDown(event: KeyboardEvent<HTMLElement>) {
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        keep(lift + (event.key === 'ArrowUp' ? KEY_STEP : -KEY_STEP));
      },
    },
    /** Wraps the character's click: a click that ended a drag does nothing. */
    clickUnlessDragged(onClick: () => void) {
      return (event: MouseEvent<HTMLElement>) => {
        if (suppressClick.current) {
          suppressClick.current = false;
          event.preventDefault();
          return;
        }
        onClick();
      };
    },
  };
}
