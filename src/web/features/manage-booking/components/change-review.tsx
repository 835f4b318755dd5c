import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { formatPounds, formatSignedPounds } from '../../../../domain/money';
import { DetailRows } from '../../../components/detail-rows';
import type { Review } from '../hooks/use-change-booking';

/** Confirm changes or go Back; while leaving for checkout, says so and waits. */
function ReviewActions({
  leaving,
  confirming,
  disabled,
  onConfirm,
  onBack,
}: {
  leaving: boolean;
  confirming: boolean;
  disabled: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <>
      <Box role="status" aria-live="polite">
        {leaving ? (
          <Text mt={3} color="gray.900">
            Taking you to the secure payment page to pay the difference…
          </Text>
        ) : null}
      </Box>
      <Flex gap={3} mt={4} flexWrap="wrap">
        <Button
          type="button"
          colorPalette="brand"
          disabled={confirming || leaving || disabled}
          onClick={onConfirm}
        >
          {confirming ? 'Confirming…' : 'Confirm changes'}
        </Button>
        <Button type="button" variant="outline" disabled={confirming || leaving} onClick={onBack}>
          Back
        </Button>
      </Flex>
    </>
  );
}

/**
 * The reviewed change: what changes, the old and new price, the server's word on it, and the
 * buttons to confirm it or go back to the form.
 */
export function ChangeReview({
  review,
  headingRef,
  leaving,
  confirming,
  disabled,
  onConfirm,
  onBack,
}: {
  review: Review;
  /** Focus moves here when the review opens. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** On the way to checkout to pay the difference. */
  leaving: boolean;
  confirming: boolean;
  /** Offline: the change cannot be confirmed. */
  disabled: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <Box
      as="section"
      aria-labelledby="change-review-heading"
      mt={5}
      p={4}
      borderWidth="1px"
      borderColor="brand.200"
      bg="brand.50"
      rounded="md"
    >
      <Heading
        as="h3"
        id="change-review-heading"
        ref={headingRef}
        tabIndex={-1}
        size="md"
        mb={3}
        color="gray.900"
      >
        Review your changes
      </Heading>
      <DetailRows labelWidth="9rem" rows={review.changes} />
      <DetailRows
        labelWidth="9rem"
        rows={[
          { label: 'Current price', value: formatPounds(review.preview.old_total) },
          { label: 'New price', value: formatPounds(review.preview.new_total) },
          { label: 'Difference', value: formatSignedPounds(review.preview.difference) },
        ]}
      />
      <Text mt={3} color="gray.900">
        {review.preview.message}
      </Text>
      {review.preview.late_rule ? (
        <Text mt={2} color="gray.800" data-testid="late-change-rule">
          {review.preview.late_rule}
        </Text>
      ) : null}
      {review.preview.needs_review ? (
        <Text mt={2} color="gray.800">
          The operator will check the change: your booking shows as Pending until they do.
        </Text>
      ) : null}
      <ReviewActions
        leaving={leaving}
        confirming={confirming}
        disabled={disabled}
        onConfirm={onConfirm}
        onBack={onBack}
      />
    </Box>
  );
}
