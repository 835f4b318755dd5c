import { Box, Button, chakra, Flex, VisuallyHidden } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  detailsState,
  FLOW_STEPS,
  guardTarget,
  nextStepTarget,
  stepFromPath,
  vehicleChosen,
  type GuardDrafts,
} from '../state/flow-guards';
import { ROUTES } from '../../../config/routes';
import { useBookingDrafts } from '../state/booking-drafts';
import { useSmallScreen } from '../../../lib/use-small-screen';

/**
 * What a move forward does on a page with a form of its own: the personal details page checks
 * its form (field messages, the account check) and goes on only when it passes, so neither
 * 'Next step' nor a later step's button skips it.
 */
export type ForwardMove = () => void;

type StepBarProps = {
  /** Previous and 'Next step' under the steps; on by default. */
  showPrevNext?: boolean;
  onForward?: ForwardMove | undefined;
};

/** Where Previous and 'Next step' go from the current path (state/flow-guards.ts). */
function useStepMoves(onForward?: ForwardMove) {
  const location = useLocation();
  const navigate = useNavigate();
  const { ready, drafts } = useBookingDrafts();
  // registrationData joins the drafts with the details step; until then it reads as missing.
  const guardDrafts: GuardDrafts = drafts;
  const current = stepFromPath(location.pathname);
  const currentIndex = FLOW_STEPS.findIndex((entry) => entry.step === current);
  const next = ready ? nextStepTarget(location.pathname, guardDrafts) : null;

  const goBack = () => {
    // The first page of a visit has nothing behind it in the app: go to the step before instead.
    if (location.key !== 'default') {
      void navigate(-1);
      return;
    }
    const previous = FLOW_STEPS[currentIndex - 1];
    void navigate(previous ? guardTarget(previous.step, guardDrafts) : ROUTES.home);
  };
  /** Goes to `target`, or past the current page's form when the move is forward. */
  const goTo = (target: string, forward: boolean) => {
    if (forward && onForward) onForward();
    else void navigate(target);
  };
  return { ready, guardDrafts, currentIndex, next, goBack, goTo };
}

function PrevNextButtons({ moves }: { moves: ReturnType<typeof useStepMoves> }) {
  const { next, goBack, goTo } = moves;
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={goBack}>
        Previous
      </Button>
      {next ? (
        <Button type="button" colorPalette="brand" size="sm" onClick={() => goTo(next, true)}>
          Next step
        </Button>
      ) : null}
    </>
  );
}

/**
 * The booking flow's steps (Quote, Quotation, Personal Detail, Payment). The current one comes
 * from the path; a click goes only as far as the saved booking allows (state/flow-guards.ts).
 */
export function StepBar({ showPrevNext = true, onForward }: StepBarProps) {
  const moves = useStepMoves(onForward);
  const { ready, guardDrafts, currentIndex, goTo } = moves;

  return (
    <Box as="nav" aria-label="Booking steps" mb={4}>
      <Flex
        as="ol"
        listStyleType="none"
        gap={{ base: 1, md: 2 }}
        flexWrap="wrap"
        alignItems="center"
      >
        {FLOW_STEPS.map((entry, index) => {
          const isCurrent = index === currentIndex;
          const isDone = currentIndex > -1 && index < currentIndex && stepDone(index, guardDrafts);
          return (
            <Box
              as="li"
              key={entry.step}
              display="flex"
              alignItems="center"
              gap={{ base: 1, md: 2 }}
            >
              {index > 0 ? (
                <Box as="span" aria-hidden="true" color="gray.500">
                  ›
                </Box>
              ) : null}
              <chakra.button
                type="button"
                aria-current={isCurrent ? 'step' : undefined}
                disabled={!ready}
                onClick={() => goTo(guardTarget(entry.step, guardDrafts), index > currentIndex)}
                display="inline-flex"
                alignItems="center"
                gap={2}
                px={{ base: 2, md: 3 }}
                py={2}
                minH="44px"
                rounded="full"
                fontSize={{ base: 'sm', md: 'md' }}
                fontWeight={isCurrent ? 'bold' : 'medium'}
                bg={isCurrent ? 'brand.solid' : isDone ? 'brand.muted' : 'white'}
                color={isCurrent ? 'brand.contrast' : isDone ? 'brand.fg' : 'gray.800'}
                borderWidth="1px"
                borderColor={isCurrent ? 'brand.solid' : 'gray.300'}
                cursor="pointer"
                _hover={{ borderColor: 'brand.solid' }}
                _disabled={{ cursor: 'progress' }}
              >
                <Box
                  as="span"
                  aria-hidden="true"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  w="1.5em"
                  h="1.5em"
                  rounded="full"
                  fontSize="xs"
                  bg={isCurrent ? 'white' : 'brand.solid'}
                  color={isCurrent ? 'brand.fg' : 'brand.contrast'}
                >
                  {index + 1}
                </Box>
                {entry.label}
              </chakra.button>
            </Box>
          );
        })}
      </Flex>
      {showPrevNext ? (
        <Flex gap={2} mt={3}>
          <PrevNextButtons moves={moves} />
        </Flex>
      ) : null}
    </Box>
  );
}

/** Whether the flow step at `index` (FLOW_STEPS) is done, from the booking's data. */
function stepDone(index: number, drafts: GuardDrafts): boolean {
  switch (FLOW_STEPS[index]?.step) {
    case 'quote':
      return drafts.PriceDetails != null;
    case 'quotation':
      return vehicleChosen(drafts);
    case 'personalDetails':
      return detailsState(drafts) === 'valid';
    default:
      return false;
  }
}

const PROGRESS_STEPS = [
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'details', label: 'Details' },
  { key: 'payment', label: 'Payment' },
] as const;

export type ProgressStep = (typeof PROGRESS_STEPS)[number]['key'];

/**
 * The progress bar's steps before `current` that are done: each only when its data is valid
 * (state/flow-guards.ts), so a page reached with half the details never ticks Details.
 */
function progressDone(drafts: GuardDrafts): Record<ProgressStep, boolean> {
  return {
    vehicle: vehicleChosen(drafts),
    details: detailsState(drafts) === 'valid',
    payment: false,
  };
}

/** The results, details and payment pages' progress bar: Vehicle > Details > Payment. */
export function BookingProgress({
  current,
  compact = false,
  booked = false,
}: {
  current: ProgressStep;
  /** Smaller steps, no margin: the phone's one line of steps. */
  compact?: boolean;
  /** The booking is made (the result page): the server accepted every step's data. */
  booked?: boolean;
}) {
  const { drafts } = useBookingDrafts();
  const done = progressDone(drafts);
  const currentIndex = PROGRESS_STEPS.findIndex((step) => step.key === current);
  return (
    <Flex
      as="ol"
      aria-label="Booking progress"
      listStyleType="none"
      alignItems="center"
      gap={compact ? 1 : 2}
      flexWrap="wrap"
      fontSize="sm"
      mb={compact ? 0 : 4}
    >
      {PROGRESS_STEPS.map((step, index) => {
        const isCurrent = index === currentIndex;
        const isDone = index < currentIndex && (booked || done[step.key]);
        return (
          <Box
            as="li"
            key={step.key}
            aria-current={isCurrent ? 'step' : undefined}
            display="flex"
            alignItems="center"
            gap={compact ? 1 : 2}
          >
            {index > 0 ? (
              <Box as="span" aria-hidden="true" color="gray.500">
                &gt;
              </Box>
            ) : null}
            <Box
              as="span"
              px={compact ? 2 : 3}
              py={1}
              rounded="full"
              fontWeight={isCurrent ? 'bold' : 'medium'}
              bg={isCurrent ? 'brand.solid' : isDone ? 'green.100' : 'gray.100'}
              color={isCurrent ? 'brand.contrast' : isDone ? 'green.800' : 'gray.700'}
            >
              {isDone ? <span aria-hidden="true">✓ </span> : null}
              {step.label}
              {isDone ? <VisuallyHidden> (done)</VisuallyHidden> : null}
            </Box>
          </Box>
        );
      })}
    </Flex>
  );
}

/**
 * The steps above a booking page. A wide screen shows the step bar with Previous and 'Next
 * step', then the progress bar; a phone (the spec's 768px) one line: Previous and the progress
 * bar, so the page's own content starts on the first screen. `previousOnPhone` is off where the
 * page has its own way back (the results page's sticky Back).
 */
export function BookingSteps({
  current,
  previousOnPhone = true,
  onForward,
}: {
  current: ProgressStep;
  previousOnPhone?: boolean;
  onForward?: ForwardMove;
}) {
  const small = useSmallScreen();
  const moves = useStepMoves(onForward);
  if (!small) {
    return (
      <>
        <StepBar onForward={onForward} />
        <BookingProgress current={current} />
      </>
    );
  }
  return (
    <Flex as="nav" aria-label="Booking steps" alignItems="center" gap={2} flexWrap="wrap" mb={3}>
      {previousOnPhone ? <PrevNextButtons moves={moves} /> : null}
      <BookingProgress current={current} compact />
    </Flex>
  );
}
