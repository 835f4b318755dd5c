import { Box, Button, Container, Flex, Grid, Heading } from '@chakra-ui/react';
import { useId, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { currencySign, type SettingsMap } from '../../../../domain/settings';
import { AlertDialog } from '../../../components/alert-dialog';
import { ROUTES } from '../../../config/routes';
import { BookingStep } from '../components/booking-step';
import { QuotePanel } from '../components/quote-summary/quote-panel';
import { SelectedVehicleSummary } from '../components/selected-vehicle-summary';
import { BookingSteps } from '../components/step-bar';
import type { BookingDrafts, SelectedVehicleDraft } from '../state/booking-drafts';
import { JourneyDetailsSection } from './journey-details-section';
import { travelReferenceFields } from './registration-form';
import { RegistrationSection } from './registration-section';
import { usePersonalDetails } from './use-personal-details';

type FormProps = {
  drafts: BookingDrafts;
  selected: SelectedVehicleDraft;
  settings: SettingsMap;
};

function PersonalDetailsForm({ drafts, selected, settings }: FormProps) {
  const idPrefix = useId();
  const registrationHeadingId = useId();
  const journeyHeadingId = useId();
  const { registration, travel, dialog, closeDialog, submitted, status, busy, next } =
    usePersonalDetails(drafts, settings, idPrefix);
  const formRef = useRef<HTMLFormElement>(null);

  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType;
  const show = travelReferenceFields(drafts);
  const isReturnTrip = bookingType !== 'hourly' && drafts.BookingForm?.select_option === 'return';

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
          <SelectedVehicleSummary selected={selected} currency={currencySign(settings)} />

          <form ref={formRef} noValidate onSubmit={next} aria-label="Personal details">
            <Flex direction="column" gap={6}>
              <RegistrationSection
                headingId={registrationHeadingId}
                idPrefix={idPrefix}
                registration={registration}
                isReturnTrip={isReturnTrip}
              />

              {show.pickup || show.return ? (
                <JourneyDetailsSection
                  headingId={journeyHeadingId}
                  idPrefix={idPrefix}
                  show={show}
                  refs={travel.refs}
                  checked={submitted}
                  onChange={travel.changeRefs}
                />
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
                <Button type="submit" colorPalette="brand" minW="8rem" loading={busy}>
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
        onClose={closeDialog}
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
