/** A tiny store of pending toasts, usable from React and from plain code alike. */
export type ToastColor = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  text: string;
  subtext?: string;
  color: ToastColor;
}

type Listener = () => void;

let queue: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

const emit = () => {
  for (const listener of listeners) listener();
};

export function showToast(text: string, options: { subtext?: string; color?: ToastColor } = {}): void {
  queue = [...queue, { id: nextId++, text, subtext: options.subtext, color: options.color ?? 'success' }];
  emit();
}

export const toast = {
  success: (text: string, subtext?: string) => showToast(text, { subtext, color: 'success' }),
  error: (text: string, subtext?: string) => showToast(text, { subtext, color: 'error' }),
};

/** Removes the toast that has been shown. */
export function dismissToast(id: number): void {
  queue = queue.filter((item) => item.id !== id);
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly Toast[] => queue;
