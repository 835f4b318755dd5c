import { formatLondonDateTime, renderHtml, renderText, type MailSection } from './mail-format';
import type { OutgoingMail } from './outgoing-mail';

/** The driver invitation mail's kind; an .eml file of it is `<id>-driver-invitation.eml`. */
export const DRIVER_INVITATION_MAIL_KIND = 'driver-invitation';

/**
 * The invitation to the driver app (issue 34): the link to set a password is the only way in,
 * so the mail is secret (its stored body is cleared once sent) and the link's token exists only
 * here and, hashed, in driver_invitations.
 */
export function driverInvitationMail(input: {
  to: string;
  name: string;
  companyName: string;
  invitedBy: string;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const heading = 'Your RideBook Driver app';
  const intro = [
    `Hello ${input.name},`,
    `${input.invitedBy} at ${input.companyName} has invited you to the RideBook Driver app: your jobs, offers and status buttons on your phone.`,
    `Choose your password with the link below. It works once, until ${formatLondonDateTime(input.expiresAt)} (UK time). If it has expired, ask your office to send the invitation again.`,
  ];
  const sections: MailSection[] = [
    {
      title: 'Set your password',
      rows: [{ label: 'Your link', value: 'Set your password', link: input.link }],
    },
  ];
  const outro = ["If you weren't expecting this, ignore this email: no one can sign in as you."];
  return {
    kind: DRIVER_INVITATION_MAIL_KIND,
    to: input.to,
    subject: 'Set your password for the RideBook Driver app',
    text: renderText(heading, intro, sections, outro),
    html: renderHtml(heading, intro, sections, outro),
    // Sent by a signed-in console account, not by an anonymous request.
    capped: false,
    secret: true,
  };
}
