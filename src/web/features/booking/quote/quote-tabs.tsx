import { useEffect, useMemo, useState } from 'react';
import {
  initialQuoteTab,
  QUOTE_TAB_LABELS,
  visibleQuoteTabs,
  type QuoteTab,
} from '../../../../domain/quote-tabs';
import type { SettingsMap } from '../../../../domain/settings';
import { todayInLondon } from '../../../../domain/uk-time';
import {
  defaultBookingForm,
  defaultHourlyForm,
  withCurrentDates,
} from '../components/quote-form/form-defaults';
import { HourlyForm } from '../components/quote-form/hourly-form';
import type { PickupPrefill } from '../components/quote-form/form-state';
import { MileageForm } from '../components/quote-form/mileage-form';
import { Tabs } from '../../../components/tabs';
import {
  useBookingDrafts,
  type BookingDrafts,
  type BookingFormDraft,
  type HourlyFormDraft,
} from '../state/booking-drafts';
import styles from './home-page.module.css';
import { readPopularPick, useLatestPopularPick, type PopularPick } from '../api/save-popular-pick';

type Forms = { booking: BookingFormDraft; hourly: HourlyFormDraft };
type Restored = Forms & { tab: QuoteTab | undefined };

/**
 * What the visitor had: the saved forms (dates that have passed move to the defaults'), the
 * tab of the last quote, and a popular place picked earlier as the pick-up of an empty form.
 */
function restoreForms(
  drafts: BookingDrafts,
  pick: PopularPick | undefined,
  defaults: Forms,
  today: string,
): Restored {
  let booking = drafts.BookingForm
    ? withCurrentDates(drafts.BookingForm, defaults.booking, today)
    : defaults.booking;
  let hourly = drafts.HourlyRateForm
    ? withCurrentDates(drafts.HourlyRateForm, defaults.hourly, today)
    : defaults.hourly;
  if (pick && !booking.pickup) booking = { ...booking, pickup: pick.address };
  if (pick && !hourly.pickup) hourly = { ...hourly, pickup: pick.address };
  const tab =
    drafts.BookingType === 'hourly'
      ? 'hourly'
      : drafts.BookingType === 'milleage'
        ? 'mileage'
        : undefined;
  return { booking, hourly, tab };
}

/** The latest popular place picked on this page since it opened, as a pick-up to apply. */
function usePickupPrefill(): PickupPrefill | undefined {
  const [openedAt] = useState(() => Date.now());
  const latest = useLatestPopularPick(openedAt);
  // The same object until another pick, so the forms below are not rendered again for nothing.
  return useMemo(
    () => (latest ? { address: latest.address, key: latest.pickedAt } : undefined),
    [latest],
  );
}

/**
 * The quote card: the tabs the settings allow (Hourly Rate first active when both show), each
 * with its form. Both forms stay mounted, so switching tabs loses nothing. The forms start
 * from defaults at once and take the saved drafts when IndexedDB has been read.
 */
export function QuoteTabs({ settings }: { settings: SettingsMap }) {
  const tabs = visibleQuoteTabs(settings);
  const { ready, drafts } = useBookingDrafts();
  const [defaults] = useState<Forms>(() => ({
    booking: defaultBookingForm(),
    hourly: defaultHourlyForm(),
  }));
  const [restored, setRestored] = useState<Restored>();
  const [chosen, setChosen] = useState<QuoteTab | undefined>();
  const pickupPrefill = usePickupPrefill();

  useEffect(() => {
    if (!ready || restored) return;
    let current = true;
    readPopularPick()
      .catch(() => undefined)
      .then((pick) => {
        if (current) setRestored(restoreForms(drafts, pick, defaults, todayInLondon(new Date())));
      });
    return () => {
      current = false;
    };
  }, [ready, restored, drafts, defaults]);

  // The visitor's choice, else the tab of their last quote, else the spec's initial tab.
  const active =
    chosen && tabs.includes(chosen)
      ? chosen
      : restored?.tab && tabs.includes(restored.tab)
        ? restored.tab
        : initialQuoteTab(settings);
  const forms = restored ?? defaults;
  // The forms are the heaviest part of the home page: kept as the same elements while their
  // inputs are unchanged, they are not rendered again (every field's styles resolved again)
  // each time the card is, as the drafts are read and the tab state settles.
  const mileageForm = useMemo(
    () => <MileageForm initial={forms.booking} pickupPrefill={pickupPrefill} />,
    [forms.booking, pickupPrefill],
  );
  const hourlyForm = useMemo(
    () => <HourlyForm initial={forms.hourly} pickupPrefill={pickupPrefill} />,
    [forms.hourly, pickupPrefill],
  );

  return (
    <div className={styles.card}>
      {active ? (
        <Tabs
          label="Booking type"
          active={active}
          onChange={setChosen}
          items={tabs.map((tab) => ({
            key: tab,
            label: QUOTE_TAB_LABELS[tab],
            panel: tab === 'mileage' ? mileageForm : hourlyForm,
          }))}
        />
      ) : (
        <>
          <h2 className={styles.unavailable}>Online quotes are unavailable</h2>
          <p>Please contact us for a quote.</p>
        </>
      )}
    </div>
  );
}
