import { startEarlySettings } from '../api/get-settings';

// Imported first by main.tsx: the settings request starts before the rest of the app is set up.
startEarlySettings();
