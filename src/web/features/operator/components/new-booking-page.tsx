import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { Operator } from '../../../../contract/operator';
import type { ConsoleRequest } from '../../../../contract/operator-requests';
import { LoadingBlock } from '../../../components/loading-block';
import { OPERATOR_ROUTES } from '../../../config/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePhoneBooking } from '../hooks/use-phone-booking';
import { CONSOLE_TITLE } from './console-title';
import { useRequest } from '../requests/api/get-requests';
import { FromRequestNote } from '../requests/components/from-request-note';
import { requestIdOf } from '../requests/lib/request-prefill';
import { AlertMessage, ErrorPanel } from '../../../components/status-panels';
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
  const [search] = useSearchParams();
  // Book this: /operator/bookings/new?request=12 is filled in from Quote Now request 12.
  const requestId = requestIdOf(search);
  const request = useRequest(requestId);

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
      {requestId === null ? (
        <NewBookingForm operator={operator} headingId={headingId} />
      ) : request.isPending ? (
        <LoadingBlock label="Loading the request…" />
      ) : request.isError ? (
        <ErrorPanel
          message={`We could not load request ${requestId}. ${request.error.message}`}
          retrying={request.isFetching}
          onRetry={() => void request.refetch()}
        />
      ) : (
        <>
          <FromRequestNote request={request.data} />
          <NewBookingForm operator={operator} headingId={headingId} fromRequest={request.data} />
        </>
      )}
    </Box>
  );
}

/** The phone booking's form; filled in from a Quote Now request when Book this opened it. */
function NewBookingForm({
  operator,
  headingId,
  fromRequest,
}: {
  operator: Operator;
  headingId: string;
  fromRequest?: ConsoleRequest;
}) {
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
  } = usePhoneBooking(operator, fromRequest);
  const vehicleError = form.formState.errors.vehicle?.message;

  return (
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
  );
}
