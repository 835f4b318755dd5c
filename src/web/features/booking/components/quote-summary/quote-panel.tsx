import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useBookingDrafts } from '../../state/booking-drafts';
import { useSmallScreen } from '../../../../lib/use-small-screen';
import { EditQuoteToggle, QuoteSummary, type QuoteSummaryProps } from './quote-summary';
import { foldedHourlySummary, foldedMileageSummary, type FoldedSummary } from './summary-text';

/** The saved search folded to one line, or null before a search is saved. */
function useFoldedSummary(): FoldedSummary | null {
  const { drafts } = useBookingDrafts();
  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType ?? 'milleage';
  if (bookingType === 'milleage') {
    const form = drafts.BookingForm;
    const distance = drafts.PriceDetails?.distance ?? drafts.CalculatedDistance;
    return form ? foldedMileageSummary(form, distance) : null;
  }
  return drafts.HourlyRateForm ? foldedHourlySummary(drafts.HourlyRateForm) : null;
}

/**
 * The quote summary as the booking steps show it (results, personal details, payment): whole
 * beside the step on a wide screen. On a phone (the spec's 768px) it is folded to one line —
 * route, date and time, distance — with the spec's 'Show Detail' / 'Hide Detail' toggle, so the
 * vehicles and forms start on the first screen; the map loads only once the panel is opened.
 */
export function QuotePanel(props: QuoteSummaryProps) {
  const small = useSmallScreen();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const folded = useFoldedSummary();
  const { showEditToggle = true, editing, onEditingChange } = props;

  if (!small) {
    return (
      <Box as="aside" aria-label="Your quote">
        <QuoteSummary {...props} />
      </Box>
    );
  }
  const details = folded ? [folded.when, folded.extent].filter(Boolean).join(' · ') : '';
  return (
    <Box as="aside" aria-label="Your quote">
      <Box layerStyle="card" px={3} py={2}>
        {folded ? (
          <Box minW={0} mb={2}>
            <Text fontWeight="semibold" color="gray.900" fontSize="sm" lineClamp={2}>
              {folded.route}
            </Text>
            {details ? (
              <Text color="gray.700" fontSize="sm" truncate>
                {details}
              </Text>
            ) : null}
          </Box>
        ) : null}
        <Flex gap={2} flexWrap="wrap">
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide Detail' : 'Show Detail'}
          </Button>
          {showEditToggle ? (
            <EditQuoteToggle editing={editing} onEditingChange={onEditingChange} />
          ) : null}
        </Flex>
      </Box>
      {open ? (
        <Box id={panelId} mt={3}>
          {/* The line above holds Edit Quote on a phone: the panel does not repeat it. */}
          <QuoteSummary {...props} showEditToggle={false} />
        </Box>
      ) : null}
    </Box>
  );
}
