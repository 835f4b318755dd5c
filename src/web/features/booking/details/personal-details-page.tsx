import { Box, Button, Container, Flex, Grid, Heading, Link, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch, type PathValue, type SubmitErrorHandler } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import type { RegistrationMode } from '../../../../domain/registration';
import type { SettingsMap } from '../../../../domain/settings';
import { useCheckPassengerEmail } from '../api/check-passenger-email';
import { AlertDialog } from '../../../components/alert-dialog';
import { QuotePanel } from '../components/quote-summary/quote-panel';
import { BookingSteps } from '../components/step-bar';
import { ROUTES } from '../../../config/routes';
import { BookingStep } from '../components/booking-step';
import {
  saveBookingDraft,
  type BookingDrafts,
  type RegistrationDataDraft,
  type SelectedVehicleDraft,
} from '../state/booking-drafts';
import {
  availableModes,
  EMPTY_REGISTRATION,
  INLINE_FIELDS,
  inlineErrors,
  modeToShow,
  registrationResolver,
  toRegistrationDraft,
  travelReferenceFields,
} from './registration-form';
import { useDebouncedSave } from './use-debounced-save';
import { ModeChoice, RegistrationFields } from './registration-fields';
import { TravelReferenceField } from './travel-reference-field';
import { SelectedVehicleSummary } from '../components/selected-vehicle-summary';

/** The spec's redirect delay: 'Email found. Proceeding to payment.' shows this long. */
export const EMAIL_FOUND_REDIRECT_MS = 1000;

/** The dialog's text stays while it closes, so its fade-out never shows an empty box. */
type Dialog = { open: boolean; title: string; message: ReactNode };
type TravelReferences = { pickup: string; return: string };
type Draft = RegistrationDataDraft;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Writes the travel references into the form they belong to, keeping the rest of it. */
async function saveTravelReferences(drafts: BookingDrafts, refs: TravelReferences) {
  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType;
  if (bookingType === 'hourly') {
    if (drafts.HourlyRateForm) {
      await saveBookingDraft('HourlyRateForm', {
        ...drafts.HourlyRateForm,
        pickup_fight_number: refs.pickup,
      });
    }
  } else if (drafts.BookingForm) {
    await saveBookingDraft('BookingForm', {
      ...drafts.BookingForm,
      pickup_fight_number: refs.pickup,
      return_fight_number: refs.return,
    });
  }
}

/** Why the sign-in failed, in the spec's words, and the way out when the password is lost. */
function SignInFailed() {
  return (
    <>
      <Text>{BOOKING_MESSAGES.emailNotFound}</Text>
      <Link asChild color="brand.fg" fontWeight="semibold" display="inline-block" mt={3}>
        <RouterLink to={ROUTES.forgotPassword}>Forgot Password?</RouterLink>
      </Link>
    </>
  );
}

type FormProps = {
  drafts: BookingDrafts;
  selected: SelectedVehicleDraft;
  settings: SettingsMap;
};

function PersonalDetailsForm({ drafts, selected, settings }: FormProps) {
  const navigate = useNavigate();
  const idPrefix = useId();
  const registrationHeadingId = useId();
  const journeyHeadingId = useId();
  const checkEmail = useCheckPassengerEmail();
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
  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType;
  const [refs, setRefs] = useState<TravelReferences>(() => ({
    pickup:
      (bookingType === 'hourly'
        ? drafts.HourlyRateForm?.pickup_fight_number
        : drafts.BookingForm?.pickup_fight_number) ?? '',
    return: drafts.BookingForm?.return_fight_number ?? '',
  }));
  const [dialog, setDialog] = useState<Dialog>({ open: false, title: '', message: '' });
  const showError = (message: string) =>
    setDialog({ open: true, title: BOOKING_MESSAGES.errorTitle, message });
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  // The mode goes with the data: whether the step is done is judged by the mode shown.
  const registrationSaver = useDebouncedSave(
    // Both at once: each is in memory as soon as it is called, so a step left at once keeps
    // the data (and the password, which only memory holds) even before the disk has it.
    async ({ mode: shown, value }: { mode: RegistrationMode; value: RegistrationDataDraft }) => {
      await Promise.all([
        saveBookingDraft('registrationMode', shown),
        saveBookingDraft('registrationData', value),
      ]);
    },
  );
  // Merged into the newest form at save time, so an options edit meanwhile is kept.
  const travelSaver = useDebouncedSave((value: TravelReferences) =>
    saveTravelReferences(drafts, value),
  );

  useEffect(() => {
    if (!leaving) return;
    const timer = window.setTimeout(() => void navigate(ROUTES.payment), EMAIL_FOUND_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [leaving, navigate]);

  const show = travelReferenceFields(drafts);
  const isReturnTrip = bookingType !== 'hourly' && drafts.BookingForm?.select_option === 'return';

  const changeMode = (next: RegistrationMode) => {
    setChosenMode(next);
    form.clearErrors();
    void saveBookingDraft('registrationMode', next).catch((error: unknown) =>
      console.error('Could not save the registration mode', error),
    );
    registrationSaver.schedule({ mode: next, value: toRegistrationDraft(next, data) });
  };

  const changeData = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    form.setValue(field, value as PathValue<Draft, K>);
    if (field === 'email' || field === 'number' || field === 'password') form.clearErrors(field);
    registrationSaver.schedule({ mode, value: toRegistrationDraft(mode, form.getValues()) });
  };

  const changeRefs = (next: TravelReferences) => {
    setRefs(next);
    travelSaver.schedule(next);
  };

  /** The spec's checks fail in an 'Error' dialog; the inline ones put focus on their field. */
  const refused: SubmitErrorHandler<Draft> = (found) => {
    if (found.root?.dialog?.message) return showError(found.root.dialog.message);
    const firstBad = INLINE_FIELDS.find((field) => found[field]);
    if (firstBad) document.getElementById(`${idPrefix}-${firstBad}`)?.focus();
  };

  const proceed = async (data: Draft) => {
    if (mode === 'existing_client') {
      try {
        const answer = await checkEmail.mutateAsync({
          email: data.email.trim(),
          password: data.password,
        });
        if (!answer.success) {
          // The same words for a wrong password and an unknown email: the server cannot tell
          // this page which it was, and nobody else may learn it either.
          setDialog({
            open: true,
            title: BOOKING_MESSAGES.signInFailedTitle,
            message: <SignInFailed />,
          });
          return;
        }
        // The account's own name and mobile, for the payment page's Personal Details.
        if (answer.passenger) data = { ...data, ...answer.passenger };
      } catch (error) {
        showError(`${BOOKING_MESSAGES.emailCheckFailedPrefix}${errorText(error)}`);
        return;
      }
    }

    try {
      await travelSaver.flush();
      // A typed value still waiting to be saved would otherwise land after this save (at the
      // latest when the page unmounts) and drop the account's names.
      await registrationSaver.flush();
      await saveBookingDraft('registrationMode', mode);
      await saveBookingDraft('registrationData', toRegistrationDraft(mode, data));
    } catch (error) {
      // The drafts in memory hold the details already; only a reload would lose them.
      console.error('Could not save the personal details', error);
    }
    if (mode === 'existing_client') {
      setStatus(BOOKING_MESSAGES.emailFound);
      setLeaving(true);
    } else {
      void navigate(ROUTES.payment);
    }
  };

  const next = (event: FormEvent) => {
    if (checkEmail.isPending || leaving) return event.preventDefault();
    setSubmitted(true);
    setStatus(null);
    void form.handleSubmit(proceed, refused)(event);
  };

  return (
    <Container maxW="6xl" py={{ base: 4, md: 8 }}>
      {/* 'Next step' and the Payment step check this form as Next does, never skip it. */}
      <BookingSteps current="details" onForward={() => formRef.current?.requestSubmit()} />
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="gray.900" mb={4}>
        Personal Details
      </Heading>

      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(300px, 360px) 1fr' }}
        gap={6}
        alignItems="start"
      >
        <QuotePanel settings={settings} showEditToggle={false} showOptions />

        <Flex direction="column" gap={6} minW={0}>
          <SelectedVehicleSummary selected={selected} currency={settings.CURRENCY || '£'} />

          <form ref={formRef} noValidate onSubmit={next} aria-label="Personal details">
            <Flex direction="column" gap={6}>
              <Box
                as="section"
                aria-labelledby={registrationHeadingId}
                layerStyle="card"
                p={{ base: 4, md: 5 }}
              >
                <Heading as="h2" id={registrationHeadingId} size="lg" mb={3} color="gray.900">
                  Registration Details
                </Heading>
                <ModeChoice
                  name={`${idPrefix}-mode`}
                  modes={modes}
                  mode={mode}
                  onChange={changeMode}
                  labelledBy={registrationHeadingId}
                />
                <Box mt={5}>
                  <RegistrationFields
                    idPrefix={idPrefix}
                    mode={mode}
                    data={data}
                    errors={inlineErrors(form.formState.errors)}
                    isReturnTrip={isReturnTrip}
                    onText={changeData}
                    onCheck={changeData}
                    onExistingClient={
                      modes.includes('existing_client')
                        ? () => {
                            changeMode('existing_client');
                            // The email came along: the password is what is left to give.
                            window.setTimeout(() =>
                              document.getElementById(`${idPrefix}-password`)?.focus(),
                            );
                          }
                        : undefined
                    }
                  />
                </Box>
              </Box>

              {show.pickup || show.return ? (
                <Box
                  as="section"
                  aria-labelledby={journeyHeadingId}
                  layerStyle="card"
                  p={{ base: 4, md: 5 }}
                >
                  <Heading as="h2" id={journeyHeadingId} size="lg" mb={1} color="gray.900">
                    Journey Details
                  </Heading>
                  <Text color="gray.700" fontSize="sm" mb={4}>
                    Meet and greet: we track your flight and adjust the driver&apos;s arrival to it.
                  </Text>
                  <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap={4}>
                    {show.pickup ? (
                      <TravelReferenceField
                        id={`${idPrefix}-pickup-reference`}
                        label="Flight Number / Train Station / Sea Port / Ferry Name"
                        value={refs.pickup}
                        checked={submitted}
                        onChange={(value) => changeRefs({ ...refs, pickup: value })}
                      />
                    ) : null}
                    {show.return ? (
                      <TravelReferenceField
                        id={`${idPrefix}-return-reference`}
                        label="Return Flight Number / Train Station / Sea Port / Ferry Name"
                        value={refs.return}
                        checked={submitted}
                        onChange={(value) => changeRefs({ ...refs, return: value })}
                      />
                    ) : null}
                  </Grid>
                </Box>
              ) : null}

              <Box role="status" aria-live="polite">
                {status ? (
                  <Box
                    borderWidth="1px"
                    borderColor="green.300"
                    bg="green.50"
                    color="green.900"
                    rounded="md"
                    px={3}
                    py={2}
                  >
                    {status}
                  </Box>
                ) : null}
              </Box>

              <Flex gap={3} justifyContent="space-between">
                <Button asChild variant="outline" bg="white">
                  <RouterLink to={ROUTES.quotation}>Back</RouterLink>
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  minW="8rem"
                  loading={checkEmail.isPending || leaving}
                >
                  Next
                </Button>
              </Flex>
            </Flex>
          </form>
        </Flex>
      </Grid>

      <AlertDialog
        open={dialog.open}
        title={dialog.title}
        message={dialog.message}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </Container>
  );
}

/**
 * /personalDetailView, step 3 (spec: Personal details page): who is booking, as a guest, a new
 * client or an existing one, and the flight or ferry to meet. Needs prices and a chosen
 * vehicle; without them (once the drafts are read) the guard sends the visitor back.
 */
export function PersonalDetailsPage() {
  return (
    <BookingStep step="personalDetails">
      {(drafts, settings) =>
        drafts.selectedVehicleData ? (
          <PersonalDetailsForm
            drafts={drafts}
            selected={drafts.selectedVehicleData}
            settings={settings}
          />
        ) : null
      }
    </BookingStep>
  );
}
