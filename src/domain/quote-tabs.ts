import { isEnabled, type SettingsMap } from './settings';

/** The home form's tabs: the mileage quote and the hourly-rate booking. */
export type QuoteTab = 'mileage' | 'hourly';

/** Tab labels exactly as the spec writes them (section 2, Home). */
export const QUOTE_TAB_LABELS: Readonly<Record<QuoteTab, string>> = {
  mileage: 'GET A QUOTE',
  hourly: 'Hourly Rate',
};

/**
 * Tabs the settings allow, in the spec's order: 'GET A QUOTE' unless IS_QUOTATION is 'enable',
 * then 'Hourly Rate' only when HOURLY_RATE_STATUS is 'enable'.
 */
export function visibleQuoteTabs(settings: SettingsMap): QuoteTab[] {
  const tabs: QuoteTab[] = [];
  if (settings.IS_QUOTATION !== 'enable') tabs.push('mileage');
  if (isEnabled(settings, 'HOURLY_RATE_STATUS')) tabs.push('hourly');
  return tabs;
}

/** The tab active on arrival: Hourly Rate whenever it shows, else GET A QUOTE; none if neither. */
export function initialQuoteTab(settings: SettingsMap): QuoteTab | undefined {
  const tabs = visibleQuoteTabs(settings);
  return tabs.includes('hourly') ? 'hourly' : tabs[0];
}
