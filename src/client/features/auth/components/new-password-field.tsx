import { PasswordField, type TextFieldProps } from '#client/components/ui/form-field';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/schemas/users';

/** A password being chosen (sign-up, reset): the browser hints and limits match the form schema's rule. */
export function NewPasswordField(
  props: Omit<TextFieldProps, 'minLength' | 'maxLength' | 'hint' | 'autoComplete' | 'required'>,
) {
  return (
    <PasswordField
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
      {...props}
    />
  );
}
