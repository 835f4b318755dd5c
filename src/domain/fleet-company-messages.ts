/**
 * What the console's Fleet and Companies pages (issue 33) say to people, the server's refusals
 * included; field names as the wire spells them, so a message says which field to fix.
 */
export const FLEET_MESSAGES = {
  categoryNotFound: 'Vehicle category not found',
  companyNotFound: 'Company not found',
  nameTaken: 'name is already the name of another category',
  noPicture: 'picture is required: choose a PNG, JPEG or WebP file',
  pictureTooLarge: (mb: number) => `picture must be at most ${mb} MB: choose a smaller file`,
  pictureNotImage: 'picture must be a PNG, JPEG or WebP image (its content was not one)',
  pictureUnreadable: 'picture could not be read as an image: save it again and upload that',
  notOffered: 'Your company does not offer this category: offer it first, then add its picture',
  inactiveCategory: 'This category is withdrawn: it cannot be offered',
} as const;

export const COMPANY_MESSAGES = {
  companyNotFound: 'Company not found',
  nameTaken: 'name is already the name of another company',
  vatNumber: 'vat_number must be a UK VAT number like GB 123 4567 89',
  /** Sign-in of an operator whose company the admin deactivated. */
  companyInactive:
    'Your company’s account is deactivated, so its console is closed. Ask the site’s administrator to reactivate it.',
} as const;
