import { Box, chakra } from '@chakra-ui/react';
import type { BreakdownWire } from '../../../../contract/quotes';
import { formatPounds } from '../../../../domain/money';
import { BREAKDOWN_LABELS, BREAKDOWN_PARTS } from '../../../../domain/pricing-model';

type PriceBreakdownProps = {
  breakdown: BreakdownWire;
  finalPrice: number;
  currency: string;
};

/** What the price is made of, behind a native disclosure (keyboard and screen readers for free). */
export function PriceBreakdown({ breakdown, finalPrice, currency }: PriceBreakdownProps) {
  const parts = BREAKDOWN_PARTS.filter((part) => (breakdown[part] ?? 0) !== 0);
  if (parts.length === 0) return null;
  return (
    <chakra.details fontSize="sm" color="gray.700">
      <chakra.summary cursor="pointer" color="brand.fg" fontWeight="medium" py={1}>
        Price breakdown
      </chakra.summary>
      <chakra.dl display="grid" gridTemplateColumns="1fr auto" columnGap={4} rowGap={1} mt={1}>
        {parts.map((part) => (
          <Box key={part} display="contents">
            <dt>{BREAKDOWN_LABELS[part]}</dt>
            <chakra.dd textAlign="end">{formatPounds(breakdown[part] ?? 0, currency)}</chakra.dd>
          </Box>
        ))}
        <Box display="contents" fontWeight="bold" color="gray.900">
          <dt>Total</dt>
          <chakra.dd textAlign="end">{formatPounds(finalPrice, currency)}</chakra.dd>
        </Box>
      </chakra.dl>
    </chakra.details>
  );
}
