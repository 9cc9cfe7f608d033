import type { CustomerDocument } from '@tentpole/domain';
import { FileCheck2, FileSignature, Files, FileText, Receipt } from 'lucide-react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { useAccountFormat } from '@/lib/account-format';
import { useCustomerDocuments } from '../api/get-customer-documents';
import { formatDate } from '../lib/format-dates';

const kinds: Record<CustomerDocument['kind'], { label: string; icon: typeof FileText }> = {
  quote: { label: 'Quote', icon: FileText },
  invoice: { label: 'Invoice', icon: Receipt },
  contract: { label: 'Contract', icon: FileSignature },
  waiver: { label: 'Waiver', icon: FileCheck2 },
};

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The customer's quotes, invoices, contracts and waivers. */
export function CustomerDocumentsTab({ customerId }: { customerId: string }) {
  const { locale } = useAccountFormat();
  const documents = useCustomerDocuments(customerId);
  if (documents.isError)
    return (
      <QueryError
        variant="panel"
        title="Documents could not be loaded."
        onRetry={() => void documents.refetch()}
      />
    );
  if (documents.isPending) return <LoadingRows label="Loading documents" variant="plain" />;
  if (documents.data.length === 0) {
    return (
      <StateMessage
        icon={<Files aria-hidden="true" />}
        title="No documents yet"
        description="Quotes, invoices, contracts and waivers sent to this customer will show here."
      />
    );
  }
  return (
    <ul className="divide-y rounded-lg border">
      {documents.data.map((document) => {
        const kind = kinds[document.kind];
        const Icon = kind.icon;
        return (
          <li key={document.id} className="flex items-center gap-3 p-3.5">
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="truncate text-sm font-medium">{document.title}</p>
              <p className="text-xs text-muted-foreground">
                {kind.label}
                {document.orderNumber !== null && ` · Order #${document.orderNumber}`} ·{' '}
                {formatDate(document.createdAt, locale)}
              </p>
            </div>
            <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
              {sentenceCase(document.status)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
