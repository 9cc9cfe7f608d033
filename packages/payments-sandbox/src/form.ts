/**
 * Stripe's request bodies are form-encoded with brackets for nesting (`metadata[order]=1`,
 * `line_items[0][price_data][currency]=usd`, `expand[]=x`): this turns one into plain objects
 * and arrays of strings, as Stripe reads it. Numbers and booleans are read by each endpoint.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = Record<string, FormValue>;

export function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    if (path.length === 0) continue;
    setPath(root, path, value);
  }
  return arraysOf(root) as Form;
}

/** Query strings (`GET /v1/checkout/sessions?payment_intent=…&expand[]=…`) read the same way. */
export const parseStripeQuery = (url: string): Form =>
  parseStripeForm(new URL(url).search.slice(1));

function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const path = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(match[1] ?? '');
  return path;
}

type Node = { [key: string]: Node | string };

function setPath(root: Form, path: string[], value: string) {
  let node = root as unknown as Node;
  path.forEach((segment, i) => {
    // `expand[]=a&expand[]=b`: each empty index is the next one.
    const key = segment === '' ? String(Object.keys(node).length) : segment;
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object') node[key] = {};
    node = node[key] as Node;
  });
}

/** Objects whose keys are 0…n-1 become arrays, all the way down. */
function arraysOf(value: unknown): FormValue {
  if (typeof value !== 'object' || value === null) return value as string;
  const entries = Object.entries(value as Record<string, unknown>);
  const isArray = entries.length > 0 && entries.every(([key], i) => key === String(i));
  if (isArray) return entries.map(([, v]) => arraysOf(v));
  return Object.fromEntries(entries.map(([k, v]) => [k, arraysOf(v)]));
}

/** Readers for one field of a parsed form, each naming the parameter Stripe would. */
export const field = {
  string(form: Form, name: string): string | undefined {
    const value = form[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  },
  object(form: Form, name: string): Form {
    const value = form[name];
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  },
  strings(form: Form, name: string): string[] {
    const value = form[name];
    if (typeof value === 'string') return [value];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  },
  list(form: Form, name: string): Form[] {
    const value = form[name];
    return Array.isArray(value)
      ? value.filter((v): v is Form => typeof v === 'object' && !Array.isArray(v))
      : [];
  },
  boolean(form: Form, name: string): boolean | undefined {
    const value = form[name];
    return value === 'true' ? true : value === 'false' ? false : undefined;
  },
};

/** A metadata hash: strings only, as Stripe keeps them. */
export function metadataOf(form: Form): Record<string, string> {
  return Object.fromEntries(
    Object.entries(field.object(form, 'metadata')).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
