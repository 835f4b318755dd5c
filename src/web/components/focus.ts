/** On dark backgrounds the brand focus ring is too faint (under 3:1); a white one stands out. */
export const ON_DARK_FOCUS = {
  '& :is(a, button):focus-visible': { outlineColor: 'white' },
} as const;
