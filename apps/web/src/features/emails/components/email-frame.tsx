/**
 * An e-mail's HTML as the customer sees it, in a sandboxed frame: no scripts, no same-origin
 * access, links open in a new tab. The HTML is the server's, built with every value escaped.
 */
export function EmailFrame({ html, title }: { html: string; title: string }) {
  const withBase = html.replace('<head>', '<head><base target="_blank">');
  return (
    <iframe
      title={title}
      srcDoc={withBase}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      className="h-[28rem] w-full rounded-md border bg-white"
    />
  );
}
