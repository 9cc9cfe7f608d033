import { type ComponentProps, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useAccountFormat } from '@/lib/account-format';
import { FormField, type FormFieldProps } from './form-field';
import { moneyInputText, parseMoneyInput } from './parse-money-input';

type MoneyFieldProps = Omit<FormFieldProps, 'children' | 'className'> &
  Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange' | 'type'> & {
    /** The amount in minor units (cents), or null when empty. */
    value: number | null;
    /** Minor units; NaN while what is typed is not an amount (the form's schema rejects it). */
    onChange: (cents: number | null) => void;
    /** The account's currency unless another is given. */
    currency?: string;
    fieldClassName?: string;
  };

/**
 * An amount of money: typed in dollars ('1250.5'), held in cents (125050), shown formatted
 * ('$1,250.50', the domain's formatMoney) once the box is left, all in the account's locale
 * ('1.250,50 €' and '1250,5' typed in de-DE). Bind it with a Controller.
 */
export function MoneyField({
  label,
  optional,
  description,
  error,
  value,
  onChange,
  onBlur,
  onFocus,
  currency: given,
  fieldClassName,
  ...inputProps
}: MoneyFieldProps) {
  const { locale, money, currency: accountCurrency } = useAccountFormat();
  const currency = given ?? accountCurrency;
  // What is being typed, while the box has focus; otherwise the value is shown formatted.
  const [draft, setDraft] = useState<string | null>(null);
  const shown =
    draft ??
    (value === null || Number.isNaN(value) || !Number.isSafeInteger(value)
      ? ''
      : money(value, currency));
  return (
    <FormField
      label={label}
      optional={optional}
      description={description}
      error={error}
      className={fieldClassName}
    >
      {(control) => (
        <Input
          inputMode="decimal"
          autoComplete="off"
          {...inputProps}
          {...control}
          type="text"
          value={shown}
          onFocus={(event) => {
            setDraft(
              value === null || !Number.isSafeInteger(value)
                ? ''
                : moneyInputText(value, currency, locale),
            );
            onFocus?.(event);
          }}
          onChange={(event) => {
            setDraft(event.target.value);
            onChange(parseMoneyInput(event.target.value, currency, locale));
          }}
          onBlur={(event) => {
            // An amount that does not parse stays as typed, so it can be corrected.
            if (draft === null || !Number.isNaN(parseMoneyInput(draft, currency, locale) ?? 0)) {
              setDraft(null);
            }
            onBlur?.(event);
          }}
          className="tabular-nums"
        />
      )}
    </FormField>
  );
}
