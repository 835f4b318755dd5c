import { Box } from '@chakra-ui/react';
import { QUERY_REASONS } from '../../../../contract/submissions';
import {
  errorProps,
  Field,
  NativeSelect,
  TextAreaField,
  TextField,
} from '../../../components/form/fields';
import type { useOutboxForm } from '../../../offline/use-outbox-form';
import {
  CONTACT_LABELS as LABELS,
  type ContactField,
  type ContactValues,
} from '../lib/contact-form';

type ContactFieldsProps = {
  /** Each control's props from the form. */
  field: ReturnType<typeof useOutboxForm<ContactValues>>['field'];
};

const id = (field: ContactField) => `contact-${field}`;

/** The Contact Us form's fields: who is asking, why, the booking it is about and the message. */
export function ContactFields({ field }: ContactFieldsProps) {
  const input = (
    name: Exclude<ContactField, 'queryReason'>,
    props: { type: string; autoComplete?: string; inputMode?: 'numeric' },
  ) => <TextField id={id(name)} label={LABELS[name]} {...props} {...field(name)} />;

  const { ref: reasonRef, ...reason } = field('queryReason');

  return (
    <Box
      display="grid"
      gap={4}
      gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }}
    >
      {input('firstName', { type: 'text', autoComplete: 'given-name' })}
      {input('lastName', { type: 'text', autoComplete: 'family-name' })}
      {input('email', { type: 'email', autoComplete: 'email' })}
      {input('telephone', { type: 'tel', autoComplete: 'tel' })}
      <Field id={id('queryReason')} label={LABELS.queryReason} error={reason.error}>
        <NativeSelect
          id={id('queryReason')}
          name={reason.name}
          ref={reasonRef}
          value={reason.value}
          onChange={(event) => reason.onValueChange(event.target.value)}
          {...errorProps(id('queryReason'), reason.error)}
        >
          {QUERY_REASONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {input('bookingNumber', { type: 'text', inputMode: 'numeric' })}
      <Box gridColumn={{ md: 'span 2' }}>
        <TextAreaField
          id={id('comments')}
          label={LABELS.comments}
          rows={5}
          {...field('comments')}
        />
      </Box>
    </Box>
  );
}
