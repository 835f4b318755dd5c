/**
 * The spec fixes the postal address shown in the contact cards and the footer as text,
 * not a setting; this is the demo operator group's registered address.
 */
export const COMPANY_POSTAL_ADDRESS = '221 Bath Road, Hounslow, TW3 3BZ, United Kingdom';

/** Product name shown in the header, footer and web manifest. */
export const PRODUCT_NAME = 'RideBook UK';

/** One line about the product for the footer blurb. */
export const PRODUCT_BLURB =
  'Licensed taxi, private-hire, chauffeur and airport transfers across the UK. Fixed prices, ' +
  'meet and greet with flight tracking that adjusts your driver’s arrival.';
