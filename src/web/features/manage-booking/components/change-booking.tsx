import { Box, Button, Flex } from '@chakra-ui/react';
import type { Ref } from 'react';
import { RadioChoices } from '../../../components/form/radio-choices';
import type { ManagedBookingView } from '../api/get-managed-booking';
import { useChangeBooking } from '../hooks/use-change-booking';
import { ChangeFields } from './change-fields';
import { ChangeReview } from './change-review';

/** The journeys a return booking's form can change, as the choice names them. */
const LEG_CHOICES = { outward: 'Outward journey', return: 'Return journey' } as const;

/** What stops the change, above the buttons; the hook scrolls it into view as it appears. */
function ChangeProblem({ problem, ref }: { problem: string | null; ref: Ref<HTMLDivElement> }) {
  return (
    <Box ref={ref} role="alert" mt={problem ? 5 : 0}>
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
  );
}

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
        <RadioChoices
          legend="Which journey do you want to change?"
          name="change-leg"
          options={legs.map((each) => ({ value: each, label: LEG_CHOICES[each] }))}
          value={leg}
          onChange={chooseLeg}
          disabled={locked}
        />
      ) : null}
      <ChangeFields field={field} locked={locked} shownExtras={shownExtras} />

      <ChangeProblem problem={problem} ref={problemBoxRef} />

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
