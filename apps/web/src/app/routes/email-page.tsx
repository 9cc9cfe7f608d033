import { getRouteApi } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { PageTabs } from '@/components/page-tabs';
import { AutomationsPanel } from '@/features/emails/components/automations-panel';
import { Outbox } from '@/features/emails/components/outbox';
import { TemplateEditor } from '@/features/emails/components/template-editor';
import { PageHeaderActions } from '../shell/page-header-actions';

// The route is defined in ./email; its hooks are read through getRouteApi, so this chunk does
// not import the route tree.
const emailRoute = getRouteApi('/email');

const EMAIL_TABS = [
  { tab: undefined, label: 'Outbox' },
  { tab: 'templates', label: 'Templates' },
  { tab: 'automations', label: 'Automations' },
] as const;

export function EmailPage() {
  const { tab } = emailRoute.useSearch();
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto grid max-w-7xl min-w-0 grid-cols-1 gap-6">
      {tab === 'automations' && (
        <PageHeaderActions
          actionButton={{
            label: 'New automation',
            onClick: () => setCreating(true),
            permission: 'email.write',
            icon: <Plus aria-hidden="true" />,
          }}
        />
      )}
      <h1 className="text-2xl font-semibold tracking-tight">Emails</h1>
      <PageTabs label="Emails sections" path="/email" tabs={EMAIL_TABS} current={tab} />
      {tab === 'templates' ? (
        <TemplateEditor />
      ) : tab === 'automations' ? (
        <AutomationsPanel creating={creating} onCreatingChange={setCreating} />
      ) : (
        <Outbox />
      )}
    </div>
  );
}
