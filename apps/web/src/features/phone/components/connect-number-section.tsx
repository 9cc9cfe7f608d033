import {
  AREA_CODE_MESSAGE,
  availableNumbersQuerySchema,
  CHOOSE_A_NUMBER_MESSAGE,
  formatPhone,
} from '@tentpole/domain';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/ui/button';
import { FieldError, FieldLegend, FieldSet } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useConnectNumber } from '../api/connect-number';
import { useAvailableNumbers } from '../api/get-available-numbers';

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? error.message
    : 'The phone carrier could not be reached. Try again in a minute.';

/**
 * Decision 0066: an account without a business number finds one by area code and gets it.
 * Calls work at once; texts wait for the carrier's A2P registration (messaging status).
 */
export function ConnectNumberSection() {
  const [areaCode, setAreaCode] = useState('');
  const [areaCodeError, setAreaCodeError] = useState<string | null>(null);
  const [search, setSearch] = useState<{ areaCode: string | undefined } | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const numbers = useAvailableNumbers(search);
  const connect = useConnectNumber();
  const chooseErrorId = useId();

  const find = (event: FormEvent) => {
    event.preventDefault();
    const parsed = availableNumbersQuerySchema.safeParse({ areaCode });
    if (!parsed.success) {
      setAreaCodeError(AREA_CODE_MESSAGE);
      return;
    }
    setAreaCodeError(null);
    setChosen(null);
    setChooseError(null);
    if (search && search.areaCode === parsed.data.areaCode) void numbers.refetch();
    else setSearch({ areaCode: parsed.data.areaCode });
  };

  const getNumber = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setChooseError(CHOOSE_A_NUMBER_MESSAGE);
      return;
    }
    setChooseError(null);
    connect.mutate(
      { phoneNumber: chosen },
      {
        onError: (error) => {
          setChooseError(errorText(error));
          // Taken since the search: offer what is free now.
          if (error instanceof ApiError && error.status === 409) {
            setChosen(null);
            void numbers.refetch();
          }
        },
      },
    );
  };

  const searchError =
    numbers.isError && !numbers.isFetching ? errorText(numbers.error) : areaCodeError;
  const offered = numbers.data?.numbers ?? [];

  return (
    <SettingsSection
      title="Business number"
      description="The number customers will call and text. Calls work as soon as you get it; texts start once the carrier approves your business's texting registration."
    >
      <div className="grid gap-5">
        <form
          aria-label="Find a number"
          noValidate
          onSubmit={find}
          className="flex flex-wrap items-start gap-3"
        >
          <TextField
            label="Area code"
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            value={areaCode}
            onChange={(event) => setAreaCode(event.target.value)}
            description="Three digits, like 512. Leave it empty for any area."
            error={searchError ?? undefined}
            fieldClassName="w-40"
          />
          <Button
            type="submit"
            variant="outline"
            className="mt-[1.375rem]"
            disabled={numbers.isFetching}
          >
            {numbers.isFetching && <Spinner />}
            Find numbers
          </Button>
        </form>

        {search && numbers.isSuccess && offered.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No numbers are free in that area code right now. Try a nearby one.
          </p>
        )}
        {offered.length > 0 && (
          <form aria-label="Choose a number" noValidate onSubmit={getNumber} className="grid gap-4">
            <FieldSet aria-describedby={chooseError ? chooseErrorId : undefined}>
              <FieldLegend>Available numbers</FieldLegend>
              <div className="grid gap-2 sm:grid-cols-2">
                {offered.map((number) => (
                  <label
                    key={number.phoneNumber}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      type="radio"
                      name="phoneNumber"
                      value={number.phoneNumber}
                      checked={chosen === number.phoneNumber}
                      onChange={() => {
                        setChosen(number.phoneNumber);
                        setChooseError(null);
                      }}
                      className="size-4 accent-primary focus-visible:outline-none"
                    />
                    <span className="grid">
                      <span className="font-medium tabular-nums">
                        {formatPhone(number.phoneNumber) || number.phoneNumber}
                      </span>
                      {(number.locality || number.region) && (
                        <span className="text-xs text-muted-foreground">
                          {[number.locality, number.region].filter(Boolean).join(', ')}
                        </span>
                      )}
                    </span>
                  </label>
                ))}
              </div>
            </FieldSet>
            {chooseError && <FieldError id={chooseErrorId}>{chooseError}</FieldError>}
            <div>
              <Button type="submit" disabled={connect.isPending}>
                {connect.isPending && <Spinner />}
                Get this number
              </Button>
            </div>
          </form>
        )}
      </div>
    </SettingsSection>
  );
}
