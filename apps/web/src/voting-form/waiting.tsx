import type { Translate } from './messages.ts';

/** Said while a request is on its way (a second press meanwhile does nothing). */
export function Waiting({ busy, t }: { busy: boolean; t: Translate }) {
  if (!busy) return null;
  return (
    <p className="vf-muted" role="status">
      {t('wait')}
    </p>
  );
}
