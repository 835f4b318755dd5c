import type { ComponentProps } from 'react';
import { TextField } from '../form/fields';

/** A required password control of the account pages, as long as the server takes (128). */
export function PasswordField(props: ComponentProps<typeof TextField>) {
  return <TextField type="password" required maxLength={128} {...props} />;
}
