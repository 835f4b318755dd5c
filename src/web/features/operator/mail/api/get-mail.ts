import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  mailListResponseSchema,
  type MailListResponse,
  type MailQuery,
} from '../../../../../contract/operator-mail';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { requestKeys } from '../../requests/api/request-keys';

/** GET /operator/mail: a page of the outbox, newest first. */
export function getMail(query: MailQuery, signal?: AbortSignal): Promise<MailListResponse> {
  return apiRequest(API_PATHS.operatorMail, {
    query: { state: query.state, page: query.page },
    schema: mailListResponseSchema,
    signal,
  });
}

export const mailQueryOptions = (query: MailQuery) =>
  queryOptions({
    queryKey: requestKeys.mailList(query),
    queryFn: ({ signal }) => getMail(query, signal),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export function useMail(query: MailQuery) {
  return useQuery(mailQueryOptions(query));
}
