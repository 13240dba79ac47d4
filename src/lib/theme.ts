import { createTheme, type CSSVariablesResolver, DEFAULT_THEME } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white button text above the 4.5:1 contrast ratio (axe's serious threshold).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/**
 * In the light scheme Mantine's "dimmed" grey and the text of light variants (alerts, badges, the hovered
 * active nav link) fall below 4.5:1 contrast on their tinted backgrounds, even at shade 9 for orange,
 * yellow and green. Every light variant's text, and coloured text (`c="red"`, e.g. run errors on a code
 * block's grey), is shade 9 darkened a quarter towards black. Placeholders (a date picker's "Pick a date and
 * time" is its only label of what to do) sit between grey 6 and 7: about 5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DEFAULT_THEME.colors.gray[7],
    '--mantine-color-placeholder': 'color-mix(in srgb, var(--mantine-color-gray-6) 50%, var(--mantine-color-gray-7))',
    '--mantine-primary-color-light-color': 'color-mix(in srgb, var(--mantine-color-indigo-9) 75%, black)',
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).flatMap((color) => {
        const darkened = `color-mix(in srgb, var(--mantine-color-${color}-9) 75%, black)`;
        return [
          [`--mantine-color-${color}-light-color`, darkened],
          [`--mantine-color-${color}-text`, darkened],
        ];
      }),
    ),
  },
  dark: {},
});
