import { type SurfaceAllowed, type SurfaceRule, surfaceRuleSchema } from '@tentpole/domain';
import { z } from 'zod';

/** The rule editor's values: the fee's boxes stay while it is switched off. */
export type SurfaceRuleFormValues = {
  components: { productId: string; quantity: number; per: 'unit' | 'anchor' }[];
  feeOn: boolean;
  fee: { amount: number | null; per: 'order' | 'unit' | 'anchor'; taxable: boolean };
  crewNotes: string;
};

export function surfaceRuleFormValues(rule: SurfaceRule | undefined): SurfaceRuleFormValues {
  return {
    components: rule?.components ?? [],
    feeOn: rule?.fee != null,
    fee: rule?.fee ?? { amount: null, per: 'order', taxable: true },
    crewNotes: rule?.crewNotes ?? '',
  };
}

/** The editor's values as the product's rule on the surface, checked by the domain schema. */
export function surfaceRuleFormSchema(surfaceId: string, allowed: SurfaceAllowed) {
  return z
    .custom<SurfaceRuleFormValues>()
    .transform(
      (values): z.input<typeof surfaceRuleSchema> => ({
        surfaceId,
        allowed,
        components: values.components,
        // An empty amount reaches the schema as not-a-number, which it names: 'Enter an amount'.
        fee: values.feeOn ? { ...values.fee, amount: values.fee.amount ?? Number.NaN } : null,
        crewNotes: values.crewNotes,
      }),
    )
    .pipe(surfaceRuleSchema);
}

/** A rule's extras in a few words, under its cell: '2 items · $25 / unit'. */
export function ruleExtras(rule: SurfaceRule, formatAmount: (cents: number) => string): string {
  const parts: string[] = [];
  if (rule.components.length > 0)
    parts.push(`${rule.components.length} ${rule.components.length === 1 ? 'item' : 'items'}`);
  if (rule.fee) parts.push(`${formatAmount(rule.fee.amount)} / ${rule.fee.per}`);
  if (rule.crewNotes) parts.push('notes');
  return parts.join(' · ');
}
