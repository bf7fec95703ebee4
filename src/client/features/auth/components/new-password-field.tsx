import { PasswordField, type TextFieldProps } from '#client/components/ui/form-field';
import { PASSWORD_MAX, PASSWORD_MIN } from '../lib/schemas';

/** A password being chosen (sign-up, reset): the browser hints and limits match the form schema's rule. */
export function NewPasswordField(
  props: Omit<TextFieldProps, 'minLength' | 'maxLength' | 'hint' | 'autoComplete' | 'required'>,
) {
  return (
    <PasswordField
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      maxLength={PASSWORD_MAX}
      hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
      {...props}
    />
  );
}
