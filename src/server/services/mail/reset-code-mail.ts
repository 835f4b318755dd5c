import { renderHtml, renderText } from './mail-format';
import type { OutgoingMail } from './outgoing-mail';

/** The reset code mail's kind; an .eml file of it is named `<id>-reset-code.eml`. */
export const RESET_CODE_MAIL_KIND = 'reset-code';

/** The password-reset code mail; the code exists only here and, hashed, in reset_codes. */
export function resetCodeMail(input: {
  to: string;
  code: string;
  validMinutes: number;
}): OutgoingMail {
  const heading = 'Your password reset code';
  const intro = [
    `Your reset code is ${input.code}. It expires in ${input.validMinutes} minutes. If you didn't ask, ignore this email.`,
  ];
  return {
    kind: RESET_CODE_MAIL_KIND,
    to: input.to,
    subject: 'Your password reset code',
    text: renderText(heading, intro, [], []),
    html: renderHtml(heading, intro, [], []),
    secret: true,
  };
}
