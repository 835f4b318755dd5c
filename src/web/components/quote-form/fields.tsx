import { Box, chakra } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import type { SelectOption } from './form-defaults';

/**
 * Styled native controls for the quote forms. Native <select> and <input type="date"> give
 * phones their own pickers and keyboards, and weigh nothing next to Chakra's select and date
 * components (the home page's first load is budgeted). Text is 16px so iOS does not zoom in.
 */

const control = {
  display: 'block',
  width: '100%',
  minWidth: 0,
  height: '11',
  px: '3',
  bg: 'white',
  color: 'gray.900',
  fontSize: 'md',
  borderWidth: '1px',
  borderColor: 'gray.400',
  borderRadius: 'md',
  _hover: { borderColor: 'gray.500' },
  _invalid: { borderColor: 'red.600', borderWidth: '2px' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
} as const;

export const TextInput = chakra('input', { base: control });

/** A multi-line text control; callers set its minHeight for the text they expect. */
export const TextArea = chakra('textarea', { base: { ...control, height: 'auto', py: '2' } });

export const NativeSelect = chakra('select', {
  base: {
    ...control,
    pe: '8',
    appearance: 'none',
    cursor: 'pointer',
    // A chevron drawn in CSS: no icon component, no extra markup around the select.
    backgroundImage:
      "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%234a5568' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
    backgroundRepeat: 'no-repeat',
    backgroundPosition: 'right 0.6rem center',
    backgroundSize: '1rem',
  },
});

export const FieldLabel = chakra('label', {
  base: { display: 'block', mb: '1', fontSize: 'sm', fontWeight: 'semibold', color: 'gray.800' },
});

/** A field's problem, tied to its control with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <Box id={id} mt="1" fontSize="sm" color="red.700">
      {message}
    </Box>
  );
}

/** The ids and ARIA attributes of a control that may carry an error. */
export function errorProps(id: string, message: string | undefined) {
  return message
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };
}

/** Label above its control, the error below. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Box minW={0}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </Box>
  );
}

/** The <option>s of a native select. */
export function Options({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** A labelled control's own props, less what the field sets: its id, value and error. */
type LabelledProps<Control> = Omit<Control, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  error?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
};

/** A labelled text input with its error, tied together by id and aria-describedby. */
export function TextField({
  id,
  label,
  error,
  onValueChange,
  ...input
}: LabelledProps<ComponentProps<typeof TextInput>>) {
  return (
    <Field id={id} label={label} error={error}>
      <TextInput
        id={id}
        {...input}
        onChange={(event) => onValueChange(event.target.value)}
        {...errorProps(id, error)}
      />
    </Field>
  );
}

/** A labelled multi-line text control with its error, as TextField. */
export function TextAreaField({
  id,
  label,
  error,
  onValueChange,
  ...textarea
}: LabelledProps<ComponentProps<typeof TextArea>>) {
  return (
    <Field id={id} label={label} error={error}>
      <TextArea
        id={id}
        {...textarea}
        onChange={(event) => onValueChange(event.target.value)}
        {...errorProps(id, error)}
      />
    </Field>
  );
}
