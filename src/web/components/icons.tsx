import type { ReactNode, SVGProps } from 'react';

/**
 * A few inline line icons (24px grid, currentColor). Decorative: the text beside each icon
 * carries the meaning, so they are hidden from assistive technology. Inline SVG instead of an
 * icon library keeps the first load small.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

function makeIcon(paths: ReactNode, displayName: string) {
  function IconComponent({ size = '1.25em', ...rest }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  IconComponent.displayName = displayName;
  return IconComponent;
}

export const PhoneIcon = makeIcon(
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2Z" />,
  'PhoneIcon',
);

export const MailIcon = makeIcon(
  <>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </>,
  'MailIcon',
);

export const MapPinIcon = makeIcon(
  <>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
    <circle cx="12" cy="10" r="3" />
  </>,
  'MapPinIcon',
);

export const MenuIcon = makeIcon(<path d="M4 6h16M4 12h16M4 18h16" />, 'MenuIcon');

export const CloseIcon = makeIcon(<path d="M18 6 6 18M6 6l12 12" />, 'CloseIcon');

export const UsersIcon = makeIcon(
  <>
    <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
  </>,
  'UsersIcon',
);

export const SuitcaseIcon = makeIcon(
  <>
    <rect x="5" y="7" width="14" height="13" rx="2" />
    <path d="M9 7V4h6v3M9 20v1M15 20v1M9 11v5M15 11v5" />
  </>,
  'SuitcaseIcon',
);

export const BagIcon = makeIcon(
  <>
    <rect x="3" y="8" width="18" height="12" rx="2" />
    <path d="M8 8V6a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
  </>,
  'BagIcon',
);

export const BuildingIcon = makeIcon(
  <>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <path d="M9 22v-4h6v4M8 6h.01M16 6h.01M12 6h.01M12 10h.01M12 14h.01M16 10h.01M16 14h.01M8 10h.01M8 14h.01" />
  </>,
  'BuildingIcon',
);
