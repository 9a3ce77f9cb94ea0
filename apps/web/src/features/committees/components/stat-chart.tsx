import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';

export interface StatBar {
  name: string;
  members: number;
  subscribers: number;
  companies: number;
}

const ROW_HEIGHT = 56;
/** Below 960 px the names get a fixed strip and are shortened with an ellipsis (the table has them whole), so the bars keep their room. */
const NARROW_AXIS_WIDTH = 120;

/**
 * The statistics as a horizontal bar chart (MUI X Charts): per committee and group its members, subscribers and
 * companies. Its own chunk, loaded only by the statistics page; the table beside it holds the same figures for screen readers.
 */
export default function StatChart({ bars }: { bars: readonly StatBar[] }) {
  const { t } = useTranslation();
  const { palette, breakpoints } = useTheme();
  const wide = useMediaQuery(breakpoints.up('md'));
  const valueFormatter = (value: number | null) => (value === null ? '' : formatNumber(value));
  return (
    <BarChart
      layout="horizontal"
      dataset={bars.map((bar) => ({ ...bar }))}
      yAxis={[{ scaleType: 'band', dataKey: 'name', width: wide ? 'auto' : NARROW_AXIS_WIDTH }]}
      xAxis={[{ tickMinStep: 1, valueFormatter: (value: number) => formatNumber(value) }]}
      series={[
        { dataKey: 'members', label: t('committees:staff.stat.members'), color: palette.primary.main, valueFormatter },
        { dataKey: 'subscribers', label: t('committees:staff.stat.subscribers'), color: palette.success.dark, valueFormatter },
        { dataKey: 'companies', label: t('committees:staff.stat.companies'), color: palette.warning.main, valueFormatter },
      ]}
      height={80 + bars.length * ROW_HEIGHT}
      skipAnimation
    />
  );
}
