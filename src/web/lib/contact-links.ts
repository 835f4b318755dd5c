/** tel: link for a phone number as operators type it ('+44 20 7946 0000' -> 'tel:+442079460000'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}
