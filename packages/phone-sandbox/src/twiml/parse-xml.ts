/** A parsed XML element: the small part of XML that TwiML uses. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Concatenated text directly inside this element, entities decoded, trimmed. */
  text: string;
}

export class XmlParseError extends Error {}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

/** Parses one XML document (declaration, comments and CDATA allowed) into its root element. */
export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const texts = new Map<XmlElement, string[]>();
  const tag =
    /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  let index = 0;
  for (let match = tag.exec(source); match !== null; match = tag.exec(source)) {
    if (match.index !== index) throw new XmlParseError(`Unexpected character at ${index}`);
    index = tag.lastIndex;
    const [, cdata, closing, name, attributeText, selfClosing, text] = match;
    const parent = stack[stack.length - 1];
    if (cdata !== undefined || text !== undefined) {
      const value = cdata ?? decode(text ?? '');
      if (parent) texts.get(parent)?.push(value);
      else if (value.trim() !== '') throw new XmlParseError('Text outside the root element');
      continue;
    }
    if (name === undefined) continue;
    if (closing === '/') {
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlParseError(`Unexpected </${name}>`);
      open.text = (texts.get(open) ?? []).join('').trim();
      continue;
    }
    const element: XmlElement = { name, attributes: {}, children: [], text: '' };
    for (const a of (attributeText ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const key = a[1];
      if (key !== undefined) element.attributes[key] = decode(a[2] ?? a[3] ?? '');
    }
    if (parent) parent.children.push(element);
    else if (root) throw new XmlParseError('More than one root element');
    else root = element;
    if (selfClosing !== '/') {
      stack.push(element);
      texts.set(element, []);
    }
  }
  if (index !== source.length) throw new XmlParseError(`Unexpected character at ${index}`);
  if (stack.length > 0) throw new XmlParseError(`Unclosed <${stack[stack.length - 1]?.name}>`);
  if (!root) throw new XmlParseError('Empty document');
  return root;
}
