import { Box, Button, chakra, Flex } from '@chakra-ui/react';
import type { ManagedBookingView } from '../api/get-managed-booking';
import { useChangeBooking } from '../hooks/use-change-booking';
import { ChangeFields } from './change-fields';
import { ChangeReview } from './change-review';

/** The journeys a return booking's form can change, as the choice names them. */
const LEG_CHOICES = { outward: 'Outward journey', return: 'Return journey' } as const;

/**
 * Change booking (issue 22). Contact number, travel reference and additional information are
 * saved as typed; the time, passengers, luggage and extras are priced again. "Review changes"
 * asks the server what the change would cost, with only the changed fields; "Confirm changes"
 * makes it, or sends the passenger to pay the difference first. Nothing typed is lost on an
 * error: the form stays, each field's problem under it.
 */
export function ChangeBooking({
  view,
  disabled,
  onChanged,
}: {
  view: ManagedBookingView;
  /** Offline: the form shows but cannot be sent. */
  disabled: boolean;
  /** A change was made: the page says so. */
  onChanged: (text: string) => void;
}) {
  const {
    leg,
    legs,
    chooseLeg,
    field,
    shownExtras,
    review,
    problem,
    leaving,
    previewing,
    confirming,
    reviewChanges,
    confirm,
    back,
    reviewHeadingRef,
    reviewButtonRef,
    problemBoxRef,
  } = useChangeBooking(view, onChanged);
  const locked = disabled || review !== null || leaving;

  return (
    <form noValidate aria-label="Change booking" onSubmit={(event) => void reviewChanges(event)}>
      {legs ? (
        <chakra.fieldset mb={4} disabled={locked}>
          <chakra.legend fontWeight="semibold" mb={2} color="gray.900">
            Which journey do you want to change?
          </chakra.legend>
          <Flex gap={6} flexWrap="wrap">
            {legs.map((each) => (
              <chakra.label key={each} display="flex" alignItems="center" gap={2} minH="44px">
                <chakra.input
                  type="radio"
                  name="change-leg"
                  value={each}
                  checked={leg === each}
                  onChange={() => chooseLeg(each)}
                  w="5"
                  h="5"
                  accentColor="brand.solid"
                />
                {LEG_CHOICES[each]}
              </chakra.label>
            ))}
          </Flex>
        </chakra.fieldset>
      ) : null}
      <ChangeFields field={field} locked={locked} shownExtras={shownExtras} />

      <Box ref={problemBoxRef} role="alert" mt={problem ? 5 : 0}>
        {problem ? (
          <Box
            borderWidth="1px"
            borderColor="red.300"
            bg="red.50"
            color="red.800"
            px={4}
            py={3}
            rounded="md"
          >
            {problem}
          </Box>
        ) : null}
      </Box>

      {review ? (
        <ChangeReview
          review={review}
          headingRef={reviewHeadingRef}
          leaving={leaving}
          confirming={confirming}
          disabled={disabled}
          onConfirm={() => void confirm()}
          onBack={back}
        />
      ) : (
        <Flex mt={5}>
          <Button
            ref={reviewButtonRef}
            type="submit"
            colorPalette="brand"
            disabled={disabled || previewing}
          >
            {previewing ? 'Checking the price…' : 'Review changes'}
          </Button>
        </Flex>
      )}
    </form>
  );
}
