import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VotingStats } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';

/** The results as a bar chart of plain boxes: per option its name, a bar of its share, its count (when shown) and percentage. */
export function ResultsBars({ options }: { options: VotingStats['options'] }) {
  const { t } = useTranslation();
  const sorted = [...options].sort((a, b) => a.seq - b.seq);
  return (
    <Stack component="ul" spacing={1.5} aria-label={t('voting:results.chartLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {sorted.map((o) => {
        const percent = formatNumber(o.share, { style: 'percent', maximumFractionDigits: 1 });
        const count = o.count === null ? null : t('voting:results.optionCount', { count: o.count, formattedCount: formatNumber(o.count) });
        return (
          <Box component="li" key={o.id} data-testid="result-option">
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {o.seq}. {o.name}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                {count ? `${count} · ${percent}` : percent}
              </Typography>
            </Stack>
            <Box sx={{ mt: 0.5, height: 12, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }} aria-hidden>
              <Box
                sx={{ height: '100%', width: `${Math.min(100, Math.max(0, o.share * 100))}%`, bgcolor: 'primary.main', transition: 'width 300ms' }}
              />
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
