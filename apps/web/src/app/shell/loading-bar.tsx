import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { UI } from '@portal/shared';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

const { throttleMs, durationMs, height } = UI.loadingBar;

// The bar creeps towards 90 % over the expected duration and jumps to 100 % when the work ends.
const grow = keyframes`from { width: 0; } to { width: 90%; }`;

type Phase = 'idle' | 'running' | 'done';

/** A thin bar at the top of the page; it appears only when work lasts longer than the throttle. */
export function LoadingBar({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (active) {
      const timer = setTimeout(() => setPhase('running'), throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === 'running' ? 'done' : 'idle'));
    return undefined;
  }, [active]);

  useEffect(() => {
    if (phase !== 'done') return undefined;
    const timer = setTimeout(() => setPhase('idle'), 300);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <Box
      // Decoration only: a page says what it loads with its own labelled indicators, and an unnamed progress bar that
      // comes and goes would be announced as noise (axe: aria-progressbar-name).
      aria-hidden
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        height,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'primary.main',
        ...(phase === 'running'
          ? { animation: `${grow} ${durationMs}ms ease-out forwards` }
          : { width: '100%', opacity: 0, transition: 'width 150ms ease-out, opacity 300ms ease-in 150ms' }),
      }}
    />
  );
}

/** The loading bar driven by route changes and by every API call in flight. */
export function ActivityLoadingBar() {
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  return <LoadingBar active={navigation.state !== 'idle' || fetching > 0 || mutating > 0} />;
}
