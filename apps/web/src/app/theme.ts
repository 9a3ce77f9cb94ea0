import { createTheme } from '@mui/material/styles';
import { UI } from '@portal/shared';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** The spec's green as text on white (5.4:1). */
const SUCCESS_DARK = '#1B7A43';

/** The spec's colours, breakpoints and select height (spec §9). */
export const theme = createTheme({
  palette: {
    primary: { main: UI.primaryColor },
    // The spec's green stays; white text on it fails contrast (2.3:1), so its text is dark (over 7:1).
    // Its dark shade is green text on white (the logs' new values): 5.4:1.
    success: { main: UI.successColor, dark: SUCCESS_DARK, contrastText: 'rgba(0, 0, 0, 0.87)' },
    // The spec names no orange: a darker one than MUI's (3.1:1 on white) reads at 4.8:1 as text and under white text.
    warning: { main: '#B45309', contrastText: '#fff' },
    // MUI's light blue reads at 3.9:1 under white text and as text on white; a darker one at 4.8:1 (status chips).
    info: { main: '#0277BD', contrastText: '#fff' },
    background: { default: '#fff' },
  },
  breakpoints: { values: UI.breakpoints },
  components: {
    MuiSelect: {
      defaultProps: { MenuProps: { slotProps: { paper: { sx: { maxHeight: UI.selectMenuMaxHeight } } } } },
    },
    // Labels keep the catalogue's casing ("Log in", "Войти") instead of MUI's upper case.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    // An outlined green chip's label is green text: the dark shade, like every green text.
    MuiChip: {
      styleOverrides: {
        root: { variants: [{ props: { variant: 'outlined', color: 'success' }, style: { color: SUCCESS_DARK, borderColor: SUCCESS_DARK } }] },
      },
    },
  },
});
