import type { LiveEvent } from '@portal/shared';
import { useEffect, useRef } from 'react';

/** What a page does with its topic's events. */
export interface LiveHandler {
  /** The stream is open (first, or again after it was lost): read again what the page shows, to catch up. */
  onReady: () => void;
  /** A voting's results, as the staff's results page shows them. */
  onStats?: (event: LiveEvent<'stats'>) => void;
  /** Something under the topic changed. */
  onChanged?: () => void;
}

/** The topics the tab's pages follow now, each with its pages' handlers (the stream, live-stream.ts, reads them). */
export const handlers = new Map<string, Set<LiveHandler>>();
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * (Re)opens the tab's stream for the topics followed after `ms`. The stream's code loads on first use, so the frame's
 * first load carries only this registry.
 */
export function schedule(ms: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void import('./live-stream.ts').then((stream) => stream.connect()), ms);
}

/** Follows a live topic while the component is mounted (null follows nothing); the handler may change between renders. */
export function useLiveTopic(topic: string | null, handler: LiveHandler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!topic) return;
    const h: LiveHandler = {
      onReady: () => latest.current.onReady(),
      onStats: (e) => latest.current.onStats?.(e),
      onChanged: () => latest.current.onChanged?.(),
    };
    const set = handlers.get(topic) ?? new Set();
    set.add(h);
    handlers.set(topic, set);
    // Pages that mount together (the frame and the page) open one stream.
    schedule(50);
    return () => {
      set.delete(h);
      if (!set.size) handlers.delete(topic);
      schedule(50);
    };
  }, [topic]);
}
