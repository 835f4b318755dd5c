import { forwardRef, type ComponentProps, type ReactNode } from 'react';
import { classNames } from '../../lib/class-names';
import styles from './fields.module.css';

/**
 * Styled native controls for the forms. Native <select> and <input type="date"> give phones
 * their own pickers and keyboards, and weigh nothing next to Chakra's select and date
 * components (the home page's first load is budgeted). Their styles are static CSS
 * (fields.module.css), not resolved in the browser on each render. Text is 16px so iOS does
 * not zoom in.
 */

export const TextInput = forwardRef<HTMLInputElement, ComponentProps<'input'>>(function TextInput(
  { className, ...input },
  ref,
) {
  return <input ref={ref} className={classNames(styles.control, className)} {...input} />;
});

/** A multi-line text control; callers set its `rows` for the text they expect. */
export const TextArea = forwardRef<HTMLTextAreaElement, ComponentProps<'textarea'>>(
  function TextArea({ className, ...textarea }, ref) {
    return (
      <textarea
        ref={ref}
        className={classNames(styles.control, styles.textarea, className)}
        {...textarea}
      />
    );
  },
);

export const NativeSelect = forwardRef<HTMLSelectElement, ComponentProps<'select'>>(
  function NativeSelect({ className, ...select }, ref) {
    return (
      <select
        ref={ref}
        className={classNames(styles.control, styles.select, className)}
        {...select}
      />
    );
  },
);

export function FieldLabel({ className, ...label }: ComponentProps<'label'>) {
  return <label className={classNames(styles.label, className)} {...label} />;
}

/** A field's problem, tied to its control with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className={styles.error}>
      {message}
    </div>
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
    <div className={styles.field}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The <option>s of a native select. */
/** A select's options: what it sends and what it shows. */
export type SelectOption = { value: string; label: string };

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
