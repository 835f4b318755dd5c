import type { MailQuery } from '../../../../../contract/operator-mail';
import type { RequestsQuery } from '../../../../../contract/operator-requests';
import { operatorKeys } from '../../api/operator-keys';

/**
 * Query and mutation keys of the Requests and Mail pages, under the console's own keys so
 * sign-out removes them with the rest.
 */
export const requestKeys = {
  all: () => [...operatorKeys.all, 'requests'] as const,
  lists: () => [...requestKeys.all(), 'list'] as const,
  list: (query: RequestsQuery) => [...requestKeys.lists(), query] as const,
  one: (id: number) => [...requestKeys.all(), 'one', id] as const,
  reply: () => [...requestKeys.all(), 'reply'] as const,
  setState: () => [...requestKeys.all(), 'set-state'] as const,
  mail: () => [...operatorKeys.all, 'mail'] as const,
  mailList: (query: MailQuery) => [...requestKeys.mail(), 'list', query] as const,
  resend: () => [...requestKeys.mail(), 'resend'] as const,
} as const;
