import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  requestReplyRequestSchema,
  type ConsoleRequest,
  type RequestReplyRequest,
} from '../../../../../contract/operator-requests';
import { REPLY_MAX_LENGTH } from '../../../../../domain/console-requests';
import { TextAreaField } from '../../../../components/form/fields';
import { ApiError } from '../../../../lib/api-client';
import { setFieldIssues } from '../../../../lib/field-issues';
import { newIdempotencyKey } from '../../../../lib/idempotency-key';
import { useTextFields } from '../../../../lib/use-text-fields';
import { AlertMessage } from '../../../../components/status-panels';
import { useReplyToRequest } from '../api/change-request';

const LABELS = { message: 'Your reply' } as const;

/**
 * The reply to a request, mailed to its sender from the site's address. The contract's own
 * schema checks it here first; the server's 400 lands under the same field.
 */
export function ReplyForm({
  request,
  onSent,
}: {
  request: ConsoleRequest;
  onSent: (request: ConsoleRequest) => void;
}) {
  const send = useReplyToRequest();
  // One key per reply written: a press repeated after a lost answer sends nothing twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<RequestReplyRequest>({
    defaultValues: { message: '' },
    resolver: zodResolver(requestReplyRequestSchema),
  });
  const { field } = useTextFields(form, { clearOnChange: true });

  const submit = async (values: RequestReplyRequest) => {
    try {
      onSent(await send.mutateAsync({ id: request.id, message: values.message, idempotencyKey }));
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldIssues(form.setError, error.issues, {
          fieldOf: (path) => (path === 'message' ? 'message' : undefined),
          labels: LABELS,
          order: ['message'],
        });
      } else {
        console.error('Sending the reply failed:', error);
      }
    }
  };
  const failure =
    send.error instanceof ApiError && !send.error.issues.length ? send.error.message : null;

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Flex direction="column" gap={4}>
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        <TextAreaField
          id="reply-message"
          label={LABELS.message}
          {...field('message')}
          rows={8}
          maxLength={REPLY_MAX_LENGTH}
          required
        />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={send.isPending}>
          Send reply
        </Button>
      </Flex>
    </form>
  );
}
