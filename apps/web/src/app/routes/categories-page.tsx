import { Plus } from 'lucide-react';
import { useState } from 'react';
import { CategoryManager } from '@/features/inventory/components/category-manager';
import { PageHeaderActions } from '../shell/page-header-actions';

export function CategoriesPage() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeaderActions
        actionButton={{
          label: 'New Category',
          onClick: () => setCreating(true),
          permission: 'product.write',
          icon: <Plus aria-hidden="true" />,
        }}
      />
      <CategoryManager creating={creating} onCreatingChange={setCreating} />
    </>
  );
}
