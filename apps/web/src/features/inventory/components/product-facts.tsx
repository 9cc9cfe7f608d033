import { Link } from '@tanstack/react-router';
import type { Product } from '@tentpole/domain';
import type { ReactNode } from 'react';
import { useAccountFormat } from '@/lib/account-format';
import { describePricing, formatMinutes } from '../lib/format-price';
import { FormSection } from './form-section';

function dimensionsText(dimensions: Product['dimensions']): string {
  const parts = [dimensions?.lengthCm, dimensions?.widthCm, dimensions?.heightCm];
  if (parts.every((part) => part == null)) return '—';
  return `${parts.map((part) => part ?? '?').join(' × ')} cm`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm wrap-anywhere">{children}</dd>
    </div>
  );
}

/** Everything the product's form holds, read-only (spec §3). */
export function ProductFacts({ product }: { product: Product }) {
  const format = useAccountFormat();
  const { money } = format;
  return (
    <FormSection title="Details">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Price">
          <span className="grid">
            {describePricing(product.pricing, format).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </span>
        </Fact>
        <Fact label="Quantity owned">
          {product.quantity}
          {product.tracking === 'serialized' ? ' active units' : ''}
        </Fact>
        <Fact label="Security deposit">{money(product.securityDeposit)}</Fact>
        <Fact label="Taxable">{product.taxable ? 'Yes' : 'No'}</Fact>
        <Fact label="In store">{product.showInStore ? 'Shown' : 'Hidden'}</Fact>
        <Fact label="Buffer before / after">
          {formatMinutes(product.bufferBeforeMinutes)} / {formatMinutes(product.bufferAfterMinutes)}
        </Fact>
        <Fact label="Recovery">{formatMinutes(product.recoveryMinutes)}</Fact>
        <Fact label="Setup">
          {formatMinutes(product.setupMinutes)}, crew of {product.crewSize}
        </Fact>
        <Fact label="Dimensions">{dimensionsText(product.dimensions)}</Fact>
        <Fact label="Power">{product.powerNeeds ?? '—'}</Fact>
        <Fact label="Capacity">{product.capacity ?? '—'}</Fact>
        <Fact label="Anchor points">{product.anchorPoints}</Fact>
        {product.components.length > 0 && (
          <Fact label="Bundle of">
            <ProductRefs refs={product.components} />
          </Fact>
        )}
        {product.accessories.length > 0 && (
          <Fact label="Accessories">
            <ProductRefs refs={product.accessories} />
          </Fact>
        )}
      </dl>
      {product.description && (
        <p className="text-sm wrap-anywhere whitespace-pre-line">{product.description}</p>
      )}
    </FormSection>
  );
}

function ProductRefs({
  refs,
}: {
  refs: { id: string; name: string; quantity: number; required?: boolean }[];
}) {
  return (
    <ul className="grid gap-0.5">
      {refs.map((ref) => (
        <li key={ref.id}>
          {ref.quantity} ×{' '}
          <Link
            to="/products/$productId"
            params={{ productId: ref.id }}
            className="underline-offset-4 hover:underline"
          >
            {ref.name}
          </Link>
          {ref.required !== undefined && (
            <span className="text-muted-foreground">
              {' '}
              ({ref.required ? 'required' : 'suggested'})
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
