import { Plus } from 'lucide-react';
import { useState } from 'react';
import { WebsitePages } from '@/features/website/components/website-pages';
import { PageHeaderActions } from '../shell/page-header-actions';

export function WebsitePage() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeaderActions
        actionButton={{
          label: 'Add page',
          onClick: () => setAdding(true),
          permission: 'website.write',
          icon: <Plus aria-hidden="true" />,
        }}
      />
      <WebsitePages adding={adding} onAddingChange={setAdding} />
    </>
  );
}
