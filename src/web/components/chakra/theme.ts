import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  defineGlobalStyles,
} from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  globalCss,
  headingRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  spinnerRecipe,
  textStyles,
} from '@chakra-ui/react/theme';
// Chakra's tokens without the palettes and dark-mode values this site never uses
// (build/chakra-theme-slice.ts).
import { semanticTokens, tokens } from 'virtual:chakra-tokens';

/**
 * Chakra's global styles, but with the custom properties of its `*` rule (the ring, filter and
 * backdrop resets and the --global-* aliases) set once on the root instead of on every element.
 * An element that sets a custom property keeps its own set of custom properties rather than
 * sharing its parent's, and the root holds all of Chakra's token variables: restyling the whole
 * home page took about a fifth longer with the rule on `*`.
 * The aliases resolve the same on the root, as this site has no dark mode or other subtree
 * that redefines the tokens behind them. The resets are inherited now rather than set again on
 * each element, which matters only under an element that sets one of them: nothing here does
 * (no ring, filter or backdrop `auto` style). font-feature-settings is an ordinary property and
 * stays on `*`.
 */
const { '*': everyElement, ...otherGlobalCss } = globalCss;
const { fontFeatureSettings, ...rootVariables } = everyElement ?? {};
const rootVariablesGlobalCss = defineGlobalStyles({
  ...otherGlobalCss,
  '*': { fontFeatureSettings },
  ':root': rootVariables,
});

/**
 * Chakra's default tokens with only the component recipes this app uses: the full default
 * theme ships every recipe and weighs down the first load. A Chakra component whose recipe is
 * missing here renders unstyled: add its recipe below when you start using one.
 */
const themeSlice = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: rootVariablesGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
    },
  },
});

/** Brand blue #0b3d91 (the manifest's theme colour); white text on it is 10:1, well above AA. */
const brand = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    // A visible keyboard focus on every control, including plain links and native inputs.
    ':where(a, button, input, select, textarea, [tabindex]):focus-visible': {
      outline: '3px solid',
      outlineColor: 'brand.focusRing',
      outlineOffset: '2px',
    },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eaf0fb' },
          100: { value: '#cbd9f3' },
          200: { value: '#9db6e7' },
          300: { value: '#6b8fd7' },
          400: { value: '#3e6bc3' },
          500: { value: '#1c50ad' },
          600: { value: '#0b3d91' },
          700: { value: '#09337a' },
          800: { value: '#072862' },
          900: { value: '#051d48' },
          950: { value: '#03122e' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
    // The one look of every card and tile (fleet, contact, operators, popular places).
    layerStyles: {
      card: {
        value: { bg: 'white', borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'lg' },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeSlice, brand);
