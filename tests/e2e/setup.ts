import { builtPwa } from '../support/built-pwa';

// Every browser test serves the built PWA, and some read dist/ as they load.
await builtPwa();
