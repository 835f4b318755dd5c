import { Flex } from '@chakra-ui/react';

/**
 * The card brands checkout takes, drawn inline (no image requests, no third-party assets).
 * Simplified marks, each named by its alt text for screen readers.
 */
function Logo({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 48 30"
      width="48"
      height="30"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title>{label}</title>
      {children}
    </svg>
  );
}

export function CardLogos() {
  return (
    <Flex as="ul" listStyleType="none" gap={2} aria-label="Cards we accept" flexWrap="wrap">
      <li>
        <Logo label="Visa">
          <rect width="48" height="30" rx="4" fill="#1a1f71" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="13"
            fontStyle="italic"
            fontWeight="bold"
            fill="#fff"
          >
            VISA
          </text>
        </Logo>
      </li>
      <li>
        <Logo label="Mastercard">
          <rect width="48" height="30" rx="4" fill="#252525" />
          <circle cx="19" cy="15" r="9" fill="#eb001b" />
          <circle cx="29" cy="15" r="9" fill="#f79e1b" />
          <path d="M24 7.4a9 9 0 0 1 0 15.2a9 9 0 0 1 0-15.2z" fill="#ff5f00" />
        </Logo>
      </li>
      <li>
        <Logo label="American Express">
          <rect width="48" height="30" rx="4" fill="#016fd0" />
          <text
            x="24"
            y="19"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="10"
            fontWeight="bold"
            fill="#fff"
          >
            AMEX
          </text>
        </Logo>
      </li>
    </Flex>
  );
}
