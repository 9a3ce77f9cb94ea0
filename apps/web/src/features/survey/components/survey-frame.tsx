import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SurveyOverview } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StepChip } from './step-chip.tsx';
import { SurveyProgressBar } from './survey-progress.tsx';
import { useSurveySession } from './survey-session.tsx';
import { type ScreenKey, screenLabel, screensOf } from './survey-steps.ts';

/**
 * The salary-survey layout (spec §2): the step list on the left with a status chip per step (a select on a phone),
 * the progress bar with "N of M sections complete" above the step's content.
 */
export function SurveyFrame({
  overview,
  screen,
  onScreen,
  children,
}: {
  overview: SurveyOverview;
  screen: ScreenKey;
  onScreen: (key: ScreenKey) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const screens = screensOf(overview);
  const stepOf = (key: string) => overview.steps.find((s) => s.key === key);
  const label = (key: ScreenKey) => screenLabel(t, overview, key);
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: { xs: 2, md: 3 }, p: { xs: 2, sm: 3 }, alignItems: 'flex-start' }}>
      <Paper
        component="nav"
        aria-label={t('survey:stepsLabel')}
        sx={{ width: { md: 300 }, flexShrink: 0, display: { xs: 'none', md: 'block' }, position: 'sticky', top: 80 }}
      >
        <List dense>
          {screens.map((key, i) => {
            const step = stepOf(key);
            return (
              <ListItem key={key} disablePadding>
                <ListItemButton selected={key === screen} onClick={() => onScreen(key)} aria-current={key === screen ? 'step' : undefined}>
                  <ListItemText primary={`${i + 1}. ${label(key)}`} slotProps={{ primary: { variant: 'body2' } }} />
                  {step && step.status !== 'not_applicable' ? <StepChip status={step.status} /> : null}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Paper>
      <TextField
        select
        fullWidth
        label={t('survey:stepsLabel')}
        value={screens.includes(screen) ? screen : ''}
        onChange={(e) => onScreen(e.target.value)}
        sx={{ display: { xs: 'flex', md: 'none' } }}
      >
        {screens.map((key, i) => (
          <MenuItem key={key} value={key}>
            {`${i + 1}. ${label(key)}`}
            {stepOf(key) ? ` — ${t(`survey:status.${stepOf(key)!.status}`)}` : ''}
          </MenuItem>
        ))}
      </TextField>
      <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
        <Paper sx={{ p: 2 }}>
          <Stack spacing={1}>
            <Typography variant="h5" component="h1">
              {overview.period.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {overview.company.name}
            </Typography>
            <SurveyProgressBar progress={overview.progress} state={session.state} savedAt={session.savedAt} />
          </Stack>
        </Paper>
        <Paper component="section" aria-labelledby="survey-step-title" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="survey-step-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            {screen === 'done' ? t('survey:done.title') : label(screen)}
          </Typography>
          {children}
        </Paper>
      </Stack>
    </Box>
  );
}
