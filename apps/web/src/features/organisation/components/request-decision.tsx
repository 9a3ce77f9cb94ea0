import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';

/** A request's status in words, who decided it and when, and the reason given: the queues of signup and erasure requests. */
export function DecisionStatus({
  label,
  decidedAt,
  decidedBy,
  reason,
}: {
  label: string;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2">{label}</Typography>
      {decidedAt ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('organisation:applications.decided', { by: decidedBy ?? '—', at: formatDateTime(decidedAt) })}
        </Typography>
      ) : null}
      {reason ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('organisation:applications.reasonShown', { reason })}
        </Typography>
      ) : null}
    </>
  );
}

/** Who asks: their name, and a line about them (the position they gave, their address). */
export function RequestPerson({ name, detail }: { name: string; detail: string }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {detail}
      </Typography>
    </>
  );
}

interface Answer {
  label: string;
  /** The button's name with the person's, so a screen reader's list of buttons says whose request it answers. */
  ariaLabel: string;
  onClick: () => void;
}

/** A waiting request's two answers, side by side when the column has room and one above the other when it has not. */
export function DecisionButtons({ accept, refuse, acceptColor }: { accept: Answer; refuse: Answer; acceptColor: 'success' | 'error' }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button size="small" variant="contained" color={acceptColor} onClick={accept.onClick} aria-label={accept.ariaLabel}>
        {accept.label}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color={acceptColor === 'error' ? 'inherit' : 'error'}
        onClick={refuse.onClick}
        aria-label={refuse.ariaLabel}
      >
        {refuse.label}
      </Button>
    </Stack>
  );
}
