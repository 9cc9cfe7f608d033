import { NewProductForm } from '@/features/inventory/components/new-product-form';

export function NewProductPage() {
  return (
    <div className="mx-auto grid max-w-4xl min-w-0 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">New Product</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          A name and a price are enough to start; the rest can wait.
        </p>
      </div>
      <NewProductForm />
    </div>
  );
}
