import { getRouteApi } from '@tanstack/react-router';
import { PageEditor } from '@/features/website/components/page-editor';

// Read through getRouteApi, so this chunk does not import the route tree.
const route = getRouteApi('/website/pages/$pageId');

export function WebsitePageEditorPage() {
  const { pageId } = route.useParams();
  return <PageEditor pageId={pageId} />;
}
