import { isEnabled, type SettingsMap } from './settings';

/** The home form's tabs: the mileage quote and the hourly-rate booking. */
export type QuoteTab = 'mileage' | 'hourly';

/** Tab labels exactly as the spec writes them (section 2, Home). */
export const QUOTE_TAB_LABELS: Readonly<Record<QuoteTab, string>> = {
  mileage: 'GET A QUOTE',
  hourly: 'Hourly Rate',
};

/**
 * Tabs the settings allow, the initially active one first: 'GET A QUOTE' unless IS_QUOTATION
 * is 'enable', 'Hourly Rate' only when HOURLY_RATE_STATUS is 'enable'; with both, Hourly Rate
 * is active.
 */
export function visibleQuoteTabs(settings: SettingsMap): QuoteTab[] {
  const tabs: QuoteTab[] = [];
  if (isEnabled(settings, 'HOURLY_RATE_STATUS')) tabs.push('hourly');
  if (settings.IS_QUOTATION !== 'enable') tabs.push('mileage');
  return tabs;
}
