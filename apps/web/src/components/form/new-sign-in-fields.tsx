import { PASSWORD_MIN } from '@tentpole/domain';
import { TextField, type TextFieldProps } from './text-field';

// The fields of a new Tentpole sign-in (`newSignInSchema`), the same on the sign-up form and
// on a staff invitation's accept page. Spread react-hook-form's `register(name)` into each.

type FixedField<K extends keyof TextFieldProps> = Omit<TextFieldProps, K>;

/** The person's name. */
export function YourNameField(props: FixedField<'label' | 'autoComplete'>) {
  return <TextField label="Your name" autoComplete="name" {...props} />;
}

/** The e-mail they will sign in with; the label and the note are the page's own. */
export function SignInEmailField(
  props: FixedField<'type' | 'inputMode' | 'autoComplete' | 'spellCheck'>,
) {
  return (
    <TextField type="email" inputMode="email" autoComplete="email" spellCheck={false} {...props} />
  );
}

/** The password they choose, with the minimum the schema asks for ("Password" unless named). */
export function NewPasswordField({
  label = 'Password',
  ...props
}: FixedField<'label' | 'type' | 'autoComplete' | 'description'> & { label?: string }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      description={`At least ${PASSWORD_MIN} characters.`}
      {...props}
    />
  );
}
