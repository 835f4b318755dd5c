import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { OPERATOR_ROUTES } from '../../../config/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePhoneBooking } from '../hooks/use-phone-booking';
import { CONSOLE_TITLE } from './console-title';
import { AlertMessage } from './error-panel';
import { JourneyFieldset } from './journey-fieldset';
import { useOperator } from './operator-layout';
import { PassengerFieldset, PaymentFieldset } from './passenger-fieldsets';
import { VehicleFieldset } from './vehicle-fieldset';

/**
 * /operator/bookings/new: a booking taken by phone. It is priced by the public site's price
 * calls (the same engine and rules), then booked with the chosen vehicle for the caller, paid
 * in the car or on account.
 */
export function NewBookingPage() {
  useDocumentTitle(`New booking — ${CONSOLE_TITLE}`);
  const headingId = useId();
  const operator = useOperator();
  const {
    form,
    field,
    set,
    values,
    journeyField,
    failure,
    offers,
    getPrices,
    pricing,
    submit,
    booking,
  } = usePhoneBooking(operator);
  const vehicleError = form.formState.errors.vehicle?.message;

  return (
    <Box maxW="48rem">
      <Link asChild color="brand.fg" fontSize="sm" mb={3} display="inline-block">
        <RouterLink to={OPERATOR_ROUTES.bookings}>Back to bookings</RouterLink>
      </Link>
      <Heading as="h1" id={headingId} size="2xl" mb={2} color="gray.900">
        New booking
      </Heading>
      <Text color="gray.700" mb={5}>
        For a customer on the phone: a one-way journey or an hourly hire, priced as the website
        prices them.
      </Text>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <Flex direction="column" gap={5}>
          {failure ? <AlertMessage>{failure}</AlertMessage> : null}
          <JourneyFieldset
            kind={values.kind}
            field={field}
            journeyField={journeyField}
            pricing={pricing}
            onGetPrices={() => void getPrices()}
          />
          {offers && offers.length ? (
            <VehicleFieldset
              offers={offers}
              value={values.vehicle}
              error={vehicleError}
              onChange={(value) => set('vehicle', value)}
            />
          ) : null}
          <PassengerFieldset field={field} />
          <PaymentFieldset value={values.payment} onChange={(value) => set('payment', value)} />
          <Button
            type="submit"
            colorPalette="brand"
            alignSelf="flex-start"
            loading={booking}
            disabled={!offers?.length}
          >
            Create booking
          </Button>
        </Flex>
      </form>
    </Box>
  );
}
