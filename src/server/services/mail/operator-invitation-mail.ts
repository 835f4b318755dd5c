import { OPERATOR_ROLE_LABELS, type OperatorRole } from '../../../domain/operator-roles';
import { formatLondonDateTime, renderHtml, renderText, type MailSection } from './mail-format';
import type { OutgoingMail } from './outgoing-mail';

/** The invitation mail's kind; an .eml file of it is named `<id>-operator-invitation.eml`. */
export const OPERATOR_INVITATION_MAIL_KIND = 'operator-invitation';

/**
 * The invitation to a new console account: the link to set a password is the only way in, so
 * the mail is secret (its stored body is cleared once sent) and the link's token exists only
 * here and, hashed, in operator_invitations.
 */
export function operatorInvitationMail(input: {
  to: string;
  name: string;
  role: OperatorRole;
  companyName: string | null;
  invitedBy: string;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const heading = 'Your operator console account';
  const role = OPERATOR_ROLE_LABELS[input.role];
  const intro = [
    `Hello ${input.name},`,
    `${input.invitedBy} has made you an operator console account: ${role}${input.companyName ? ` at ${input.companyName}` : ''}.`,
    `Choose your password with the link below. It works once, until ${formatLondonDateTime(input.expiresAt)} (UK time). If it has expired, ask for the invitation to be sent again.`,
  ];
  const sections: MailSection[] = [
    {
      title: 'Set your password',
      rows: [{ label: 'Your link', value: 'Set your password', link: input.link }],
    },
  ];
  const outro = ["If you weren't expecting this, ignore this email: no one can sign in as you."];
  return {
    kind: OPERATOR_INVITATION_MAIL_KIND,
    to: input.to,
    subject: 'Set your password for the operator console',
    text: renderText(heading, intro, sections, outro),
    html: renderHtml(heading, intro, sections, outro),
    // Typed by a signed-in admin or manager, not by an anonymous request.
    capped: false,
    secret: true,
  };
}
