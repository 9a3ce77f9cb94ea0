import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppErrorBoundary } from './shell/app-error-boundary.tsx';
import { theme } from './theme.ts';

/** Everything the pages rely on: translations, theme, the query cache, and a last-resort error boundary. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </AppErrorBoundary>
      </ThemeProvider>
    </I18nextProvider>
  );
}
