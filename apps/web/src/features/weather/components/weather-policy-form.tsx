import {
  DEFAULT_WEATHER_POLICY,
  type WeatherCategoryRule,
  type WeatherPolicy,
  weatherPolicySchema,
} from '@tentpole/domain';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { useSaveWeatherPolicy, useWeatherPolicy } from '../api/weather-api';

type Limit = 'gustsOverMph' | 'rainChanceAtLeast' | 'temperatureUnderF';
const LIMITS: readonly { key: Limit; label: string; unit: string }[] = [
  { key: 'gustsOverMph', label: 'Wind gusts over', unit: 'mph' },
  { key: 'rainChanceAtLeast', label: 'Chance of rain at least', unit: '%' },
  { key: 'temperatureUnderF', label: 'Temperature under', unit: '°F' },
];

/** Text fields as typed; a blank category limit is the account's. */
type Draft = Record<Limit, string> & {
  categories: (Record<Limit, string> & { categoryId: string })[];
};

const toDraft = (p: WeatherPolicy): Draft => ({
  gustsOverMph: String(p.gustsOverMph),
  rainChanceAtLeast: String(p.rainChanceAtLeast),
  temperatureUnderF: String(p.temperatureUnderF),
  categories: p.categories.map((c) => ({
    categoryId: c.categoryId,
    gustsOverMph: c.gustsOverMph === null ? '' : String(c.gustsOverMph),
    rainChanceAtLeast: c.rainChanceAtLeast === null ? '' : String(c.rainChanceAtLeast),
    temperatureUnderF: c.temperatureUnderF === null ? '' : String(c.temperatureUnderF),
  })),
});

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
const optional = (v: string) => (v.trim() === '' ? null : Number(v));

/** The policy: the account's limits and each category's own (research §6's thresholds). */
export function WeatherPolicyForm({ canEdit }: { canEdit: boolean }) {
  const policy = useWeatherPolicy();
  const save = useSaveWeatherPolicy();
  const [draft, setDraft] = useState<Draft>(() => toDraft(DEFAULT_WEATHER_POLICY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  useEffect(() => {
    if (policy.data) setDraft(toDraft(policy.data.policy));
  }, [policy.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = weatherPolicySchema.safeParse({
      gustsOverMph: num(draft.gustsOverMph),
      rainChanceAtLeast: num(draft.rainChanceAtLeast),
      temperatureUnderF: num(draft.temperatureUnderF),
      categories: draft.categories.map(
        (c): WeatherCategoryRule => ({
          categoryId: c.categoryId,
          gustsOverMph: optional(c.gustsOverMph),
          rainChanceAtLeast: optional(c.rainChanceAtLeast),
          temperatureUnderF: optional(c.temperatureUnderF),
        }),
      ),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [
            i.path.join('.'),
            i.code === 'invalid_type' ? 'Enter a number' : i.message,
          ]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Weather policy saved.'),
      onError: (error) => {
        if (error instanceof ApiError && error.body?.error.fields)
          setErrors(
            Object.fromEntries(
              Object.entries(error.body.error.fields).map(([k, v]) => [k, v[0] ?? '']),
            ),
          );
        toast.error(error.message);
      },
    });
  };

  const field = (
    name: string,
    label: string,
    unit: string,
    value: string,
    onChange: (v: string) => void,
    placeholder?: string,
  ) => (
    <div key={name} className="grid gap-1">
      <Label htmlFor={`${id}-${name}`}>
        {label} ({unit})
      </Label>
      <Input
        id={`${id}-${name}`}
        inputMode="numeric"
        value={value}
        placeholder={placeholder}
        disabled={!canEdit}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="text-xs text-destructive">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  const categories = policy.data?.categories ?? [];
  const unused = categories.filter((c) => !draft.categories.some((r) => r.categoryId === c.id));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Weather policy</CardTitle>
        <CardDescription>
          A party is flagged when the forecast during it breaks a limit. Operators commonly stop at
          gusts over 20–25 mph, a 50–60% chance of rain or under 40 °F; a category may have its own
          (water slides close when it is cool).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <LoadingRows label="Loading the weather policy" rows={2} />
        ) : policy.isError ? (
          <QueryError
            variant="panel"
            title="The weather policy could not be loaded."
            description="Check your connection and try again."
            onRetry={() => void policy.refetch()}
          />
        ) : (
          <form aria-label="Weather policy" className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-3 sm:grid-cols-3">
              {LIMITS.map((l) =>
                field(l.key, l.label, l.unit, draft[l.key], (v) =>
                  setDraft((d) => ({ ...d, [l.key]: v })),
                ),
              )}
            </div>
            <div className="grid gap-3">
              <h3 className="text-sm font-medium">Category rules</h3>
              {draft.categories.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  Every category follows the limits above.
                </p>
              ) : null}
              {draft.categories.map((rule, i) => {
                const name = categories.find((c) => c.id === rule.categoryId)?.name ?? 'Category';
                return (
                  <fieldset key={rule.categoryId} className="grid gap-2 rounded-md border p-3">
                    <legend className="px-1 text-sm font-medium">{name}</legend>
                    <div className="grid gap-3 sm:grid-cols-3">
                      {LIMITS.map((l) =>
                        field(
                          `categories.${i}.${l.key}`,
                          `${name}: ${l.label.toLowerCase()}`,
                          l.unit,
                          rule[l.key],
                          (v) =>
                            setDraft((d) => ({
                              ...d,
                              categories: d.categories.map((c, j) =>
                                j === i ? { ...c, [l.key]: v } : c,
                              ),
                            })),
                          `Account’s: ${draft[l.key]}`,
                        ),
                      )}
                    </div>
                    {canEdit ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        className="justify-self-start"
                        onClick={() =>
                          setDraft((d) => ({
                            ...d,
                            categories: d.categories.filter((_, j) => j !== i),
                          }))
                        }
                      >
                        <Trash2 aria-hidden="true" />
                        Remove the {name} rule
                      </Button>
                    ) : null}
                  </fieldset>
                );
              })}
              {canEdit && unused.length > 0 ? (
                <div className="flex flex-wrap items-end gap-2">
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-add`}>Add a rule for</Label>
                    <NativeSelect
                      id={`${id}-add`}
                      defaultValue=""
                      onChange={(e) => {
                        const categoryId = e.target.value;
                        if (!categoryId) return;
                        setDraft((d) => ({
                          ...d,
                          categories: [
                            ...d.categories,
                            {
                              categoryId,
                              gustsOverMph: '',
                              rainChanceAtLeast: '',
                              temperatureUnderF: '',
                            },
                          ],
                        }));
                        e.target.value = '';
                      }}
                    >
                      <option value="">Choose a category…</option>
                      {unused.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                </div>
              ) : null}
            </div>
            {canEdit ? (
              <Button type="submit" className="justify-self-start" disabled={save.isPending}>
                Save weather policy
              </Button>
            ) : null}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
