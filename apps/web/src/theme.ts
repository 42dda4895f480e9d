import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A deep sea blue: calm, legible on white, and distinct from the red and green of amounts. */
const keel: MantineColorsTuple = [
  '#e5f4f9',
  '#d2e6ee',
  '#a4cbdb',
  '#72aec7',
  '#4a96b6',
  '#3087ad',
  '#1f7faa',
  '#0a6c93',
  '#005f84',
  '#005376',
];

export const theme = createTheme({
  primaryColor: 'keel',
  primaryShade: 7,
  colors: { keel },
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // People who ask their system for less motion get modals, menus and popovers without transitions.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { fw: 600 } },
    Modal: { defaultProps: { centered: true, radius: 'lg' } },
  },
});
