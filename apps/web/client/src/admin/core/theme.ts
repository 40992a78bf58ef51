import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's theme in the platform's colours (ui/styles.css: brand #1f4e79), dark enough for
 * white text on the bar and for links and text buttons on white (axe: contrast at least 4.5:1).
 */
/** The theme, with `loading` as the spinners' accessible name (the UI language's word). */
export const adminTheme = (loading: string): RaThemeOptions => ({
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1f4e79', contrastText: '#ffffff' },
    secondary: { main: '#1f4e79', contrastText: '#ffffff' },
    error: { main: '#b42318' },
    success: { main: '#1a7f37' },
    background: { default: '#f6f8fa', paper: '#ffffff' },
  },
  components: {
    ...defaultTheme.components,
    // react-admin's empty list ("No … yet") is in the disabled text colour, below 4.5:1 on white
    // (axe: colour contrast): every list's empty page in the secondary text colour instead.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.66)' } } } },
    // Spinners (react-admin's loading indicator in the bar, buttons while saving) are named for
    // screen readers (axe: aria-progressbar-name).
    MuiCircularProgress: { defaultProps: { 'aria-label': loading } },
  },
});
