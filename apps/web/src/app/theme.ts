import { createTheme } from '@mui/material/styles';
import { UI } from '@portal/shared';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** The spec's colours, breakpoints and select height (spec §9). */
export const theme = createTheme({
  palette: {
    primary: { main: UI.primaryColor },
    success: { main: UI.successColor, contrastText: '#fff' },
    background: { default: '#fff' },
  },
  breakpoints: { values: UI.breakpoints },
  components: {
    MuiSelect: {
      defaultProps: { MenuProps: { slotProps: { paper: { sx: { maxHeight: UI.selectMenuMaxHeight } } } } },
    },
    // Labels keep the catalogue's casing ("Log in", "Войти") instead of MUI's upper case.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
  },
});
