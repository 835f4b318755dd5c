import { useState } from 'react';
import { useForm, useWatch, type PathValue } from 'react-hook-form';
import type { RegistrationMode } from '../../../../domain/registration';
import type { SettingsMap } from '../../../../domain/settings';
import {
  saveBookingDraft,
  type BookingDrafts,
  type RegistrationDataDraft,
} from '../state/booking-drafts';
import {
  availableModes,
  EMPTY_REGISTRATION,
  modeToShow,
  registrationResolver,
  toRegistrationDraft,
} from './registration-form';
import { useDebouncedSave } from './use-debounced-save';

type Draft = RegistrationDataDraft;

/**
 * Registration details: the mode shown (guest, new or existing client), its form, and both
 * saved as they change so a reload or a step back keeps them.
 */
export function useRegistration(drafts: BookingDrafts, settings: SettingsMap) {
  const modes = availableModes(settings);
  // Undecided until the visitor picks: the default follows GUEST_LOGIN as settings arrive,
  // and a saved mode that settings no longer allow falls back the same way.
  const [chosenMode, setChosenMode] = useState<RegistrationMode | undefined>(
    drafts.registrationMode,
  );
  const mode = modeToShow(chosenMode, settings);
  const form = useForm<Draft>({
    defaultValues: drafts.registrationData ?? EMPTY_REGISTRATION,
    resolver: registrationResolver(mode),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const data = useWatch({ control: form.control }) as Draft;

  // The mode goes with the data: whether the step is done is judged by the mode shown.
  const saver = useDebouncedSave(
    // Both at once: each is in memory as soon as it is called, so a step left at once keeps
    // the data (and the password, which only memory holds) even before the disk has it.
    async ({ mode: shown, value }: { mode: RegistrationMode; value: RegistrationDataDraft }) => {
      await Promise.all([
        saveBookingDraft('registrationMode', shown),
        saveBookingDraft('registrationData', value),
      ]);
    },
  );

  const changeMode = (next: RegistrationMode) => {
    setChosenMode(next);
    form.clearErrors();
    void saveBookingDraft('registrationMode', next).catch((error: unknown) =>
      console.error('Could not save the registration mode', error),
    );
    saver.schedule({ mode: next, value: toRegistrationDraft(next, data) });
  };

  const changeData = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    form.setValue(field, value as PathValue<Draft, K>);
    if (field === 'email' || field === 'number' || field === 'password') form.clearErrors(field);
    saver.schedule({ mode, value: toRegistrationDraft(mode, form.getValues()) });
  };

  return { modes, mode, form, data, saver, changeMode, changeData };
}
