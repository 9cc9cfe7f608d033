import { Link, type LinkComponentProps } from '@tanstack/react-router';

type AppLinkProps = Omit<LinkComponentProps<'a'>, 'to' | 'search' | 'href'> & {
  /** A path on this app with an optional query, such as '/account?tab=billing'. */
  url: string;
};

/**
 * A link to one of the app's urls given as a plain string, as navigation items and banners
 * carry them (spec §3), rather than as a typed route.
 */
export function AppLink({ url, ...props }: AppLinkProps) {
  const { pathname, searchParams } = new URL(url, 'http://app.invalid');
  const search = Object.fromEntries(searchParams);
  // The url is checked against the route table at runtime (an unknown path shows the
  // not-found page), not by the type checker.
  return <Link {...props} to={pathname as LinkComponentProps<'a'>['to']} search={search} />;
}
