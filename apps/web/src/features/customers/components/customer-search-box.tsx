import { UrlSearchBox } from '@/components/url-search-box';

export { SEARCH_DEBOUNCE_MS } from '@/components/url-search-box';

type CustomerSearchBoxProps = {
  /** The search in the URL. */
  value: string;
  /** Puts a new search in the URL (trimmed). */
  onSearch: (search: string) => void;
};

/** The customer search box: searched after a pause or on Enter, held in the URL. */
export function CustomerSearchBox({ value, onSearch }: CustomerSearchBoxProps) {
  return (
    <UrlSearchBox
      value={value}
      onSearch={onSearch}
      label="Search customers"
      placeholder="Name, e-mail, phone, company…"
    />
  );
}
