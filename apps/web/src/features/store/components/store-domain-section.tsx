import { zodResolver } from '@hookform/resolvers/zod';
import {
  allows,
  can,
  parsePlan,
  planTitle,
  type StoreDomain,
  type StoreDomainInput,
  storeDomainInputSchema,
  tierThatLifts,
} from '@tentpole/domain';
import { CheckCircle2, Clock, Globe } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { AppLink } from '@/components/app-link';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { TextField } from '@/components/form/text-field';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  useRemoveStoreDomain,
  useSaveStoreDomain,
  useStoreDomain,
  useVerifyStoreDomain,
} from '../api/store-domain';
import { CopyField } from './copy-field';

/**
 * Website Settings → Custom domain (decision 0068): the domain, the two DNS records to add while
 * it is pending, "Check DNS" and "Remove domain". A plan without custom domains gets the
 * upgrade suggestion (§13) instead.
 */
export function StoreDomainSection({ canEdit, hasStore }: { canEdit: boolean; hasStore: boolean }) {
  const { user } = useAuthenticatedSession();
  const tier = parsePlan(user.planLevel);
  if (!allows(tier, 'customDomain')) {
    const lifts = tierThatLifts(tier, 'customDomain') ?? 'core';
    return (
      <StateMessage
        icon={<Globe />}
        title={`A custom domain is not included in the ${planTitle(tier)} plan.`}
        description={`Your store at your own address, such as rentals.yourbusiness.com, comes with the ${planTitle(lifts)} plan and above.`}
        action={
          can(user.roles, 'account.write') ? (
            <Button asChild>
              <AppLink url="/account?tab=billing">Upgrade to {planTitle(lifts)}</AppLink>
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (!hasStore)
    return (
      <p className="text-sm text-muted-foreground">
        Save the store’s address above first; then you can add its domain.
      </p>
    );
  return <DomainState canEdit={canEdit} />;
}

function DomainState({ canEdit }: { canEdit: boolean }) {
  const domain = useStoreDomain();
  if (domain.isPending) return <LoadingRows label="Loading the custom domain" rows={2} />;
  if (domain.isError)
    return (
      <QueryError
        title="The custom domain could not be loaded."
        description="Check your connection and try again."
        onRetry={() => void domain.refetch()}
      />
    );
  return domain.data ? (
    <DomainRecords domain={domain.data} canEdit={canEdit} />
  ) : canEdit ? (
    <DomainForm />
  ) : (
    <p className="text-sm text-muted-foreground">No custom domain.</p>
  );
}

function DomainForm() {
  const save = useSaveStoreDomain();
  const form = useForm<StoreDomainInput>({
    defaultValues: { domain: '' },
    resolver: zodResolver(storeDomainInputSchema),
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success('Domain added: now add its DNS records.');
    } catch (error) {
      const named = applyServerFieldErrors(error, form.setError, (key) =>
        key === 'domain' ? 'domain' : null,
      );
      if (named.length) form.setFocus('domain');
      else toast.error(error instanceof Error ? error.message : 'The domain could not be added.');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Custom domain" className="grid gap-3">
      <TextField
        label="Domain"
        placeholder="rentals.example.com"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        description="A domain or subdomain you own, without https://."
        {...form.register('domain')}
        error={form.formState.errors.domain?.message}
      />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting && <Spinner />}
          Add domain
        </Button>
      </div>
    </form>
  );
}

function DomainRecords({ domain, canEdit }: { domain: StoreDomain; canEdit: boolean }) {
  const verify = useVerifyStoreDomain();
  const remove = useRemoveStoreDomain();
  const [result, setResult] = useState<string | null>(null);
  const verified = domain.status === 'verified';
  const check = () =>
    verify.mutate(undefined, {
      onSuccess: ({ message }) => setResult(message ?? null),
      onError: (error) => setResult(error.message),
    });
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="min-w-0 font-medium break-all">{domain.domain}</span>
        {verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            Verified
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            <Clock aria-hidden="true" className="size-3.5" />
            Pending
          </span>
        )}
      </div>
      {verified ? (
        <p className="text-sm text-muted-foreground">
          Your store answers at{' '}
          <a
            className="font-medium text-primary-ink underline break-all"
            href={`https://${domain.domain}/`}
            target="_blank"
            rel="noreferrer"
          >
            https://{domain.domain}
          </a>{' '}
          while its CNAME record points at {domain.cnameTarget}.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Add these two records where your domain’s DNS is managed, then choose Check DNS. DNS
            changes can take up to an hour to be seen.
          </p>
          <div className="grid gap-1">
            <p className="text-sm font-medium">1. A CNAME record</p>
            <CopyField label="CNAME name" value={domain.domain} copied="Name copied" />
            <CopyField label="CNAME points to" value={domain.cnameTarget} copied="Target copied" />
          </div>
          <div className="grid gap-1">
            <p className="text-sm font-medium">2. A TXT record</p>
            <CopyField label="TXT name" value={domain.txtName} copied="Name copied" />
            <CopyField label="TXT value" value={domain.txtValue} copied="Value copied" />
          </div>
        </>
      )}
      <p role="status" className="text-sm empty:hidden">
        {result}
      </p>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          {!verified && (
            <Button type="button" onClick={check} disabled={verify.isPending}>
              {verify.isPending && <Spinner />}
              Check DNS
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setResult(null);
                  toast.success('Domain removed.');
                },
                onError: (error) => toast.error(error.message),
              })
            }
          >
            {remove.isPending && <Spinner />}
            Remove domain
          </Button>
        </div>
      )}
    </div>
  );
}
