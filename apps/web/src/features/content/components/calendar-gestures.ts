import type { PointerEvent as ReactPointerEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { type CalendarSpot, type MovedTimes, movedBy, type Placed, resizedBy, selected, spotAt } from './calendar-dates.ts';

/** Times an event would take, or a selection would suggest. */
export interface Span {
  start: Date;
  end: Date;
  allDay: boolean;
}

/** What the pointer is doing: moving or resizing an event, or selecting days or slots for a new one. */
export type Gesture<E> =
  | { kind: 'move' | 'resize'; placed: Placed<E>; from: CalendarSpot; to: CalendarSpot }
  | { kind: 'select'; from: CalendarSpot; to: CalendarSpot };

type GestureStart<E> = { kind: 'move' | 'resize'; placed: Placed<E> } | { kind: 'select' };

/** The pixels a press on an event must travel to become a drag: less is a click, which opens it. */
const DRAG_PX = 4;

/** Where a gesture would put things now: the event's new times, or the selection; null where it would change nothing. */
export function spanOf<E>(g: Gesture<E> | null): Span | null {
  if (!g) return null;
  if (g.kind === 'select') return selected(g.from, g.to);
  return g.kind === 'move' ? movedBy(g.placed, g.from, g.to) : resizedBy(g.placed, g.from, g.to);
}

/**
 * Staff's drags in the calendar, with a mouse or a pen (on a touch screen a finger scrolls): a press on an event moves
 * it (on its end's edge, the lower one in the week's hours or a whole-day event's right one, resizes it), a press on a day or a slot selects from there to where the
 * pointer is let go. The views show the gesture's span while it lasts; Escape, leaving the window or the calendar
 * leaving the page abandons it.
 */
export function useCalendarGestures<E>(handlers: { onMove: (placed: Placed<E>, to: MovedTimes) => void; onSelect: (span: Span) => void }) {
  const [gesture, setGesture] = useState<Gesture<E> | null>(null);
  // A drag (or one abandoned with Escape) ends with a click on whatever is under the pointer: no event opens then.
  const dragged = useRef(false);
  // The gesture under way's end, for a new press and for the calendar leaving the page.
  const abandon = useRef<() => void>(() => {});
  useEffect(() => () => abandon.current(), []);

  function begin(e: ReactPointerEvent<HTMLElement>, start: GestureStart<E>): void {
    abandon.current();
    dragged.current = false;
    if (e.button !== 0 || e.pointerType === 'touch') return;
    const from = spotAt(e.clientX, e.clientY);
    if (!from) return;
    if (start.kind === 'select') e.preventDefault();
    e.stopPropagation();
    const [x0, y0] = [e.clientX, e.clientY];
    let current: Gesture<E> = { ...start, from, to: from };
    let active = start.kind === 'select';
    if (active) setGesture(current);

    const listen = (on: boolean) => {
      const listeners: Record<string, EventListener> = { pointermove: move, pointerup: up, pointercancel: stop, blur: stop, keydown: onKey };
      for (const [type, listener] of Object.entries(listeners)) {
        if (on) window.addEventListener(type, listener);
        else window.removeEventListener(type, listener);
      }
    };
    const stop = () => {
      listen(false);
      abandon.current = () => {};
      setGesture(null);
    };
    const swallowClick = () => {
      dragged.current = true;
      setTimeout(() => {
        dragged.current = false;
      });
    };
    function move(event: Event) {
      const ev = event as PointerEvent;
      // The button was let go where this page did not hear it (another window): the gesture is over, unfinished.
      if (ev.buttons === 0) return stop();
      if (!active && Math.hypot(ev.clientX - x0, ev.clientY - y0) < DRAG_PX) return;
      const to = spotAt(ev.clientX, ev.clientY) ?? current.to;
      if (active && to.day === current.to.day && to.minute === current.to.minute) return;
      active = true;
      current = { ...current, to };
      setGesture(current);
    }
    function up() {
      stop();
      if (!active) return;
      if (current.kind === 'select') return handlers.onSelect(selected(current.from, current.to));
      swallowClick();
      const to = current.kind === 'move' ? movedBy(current.placed, current.from, current.to) : resizedBy(current.placed, current.from, current.to);
      if (to) handlers.onMove(current.placed, to);
    }
    function onKey(event: Event) {
      if ((event as KeyboardEvent).key !== 'Escape') return;
      stop();
      // The release still to come must not open the event or select.
      window.addEventListener('pointerup', swallowClick, { once: true });
    }
    listen(true);
    abandon.current = stop;
  }

  return {
    gesture,
    span: spanOf(gesture),
    /** A press on an event: moves it, or resizes it from its lower edge ('resize'). */
    pressEvent: (e: ReactPointerEvent<HTMLElement>, placed: Placed<E>, kind: 'move' | 'resize') => begin(e, { kind, placed }),
    /** A press on a day or a slot: selects. */
    pressSpot: (e: ReactPointerEvent<HTMLElement>) => begin(e, { kind: 'select' }),
    /** Whether a click ends a drag (and should not open the event). */
    endsDrag: () => dragged.current,
  };
}
