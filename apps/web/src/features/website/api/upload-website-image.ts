import { useMutation } from '@tanstack/react-query';
import { type WebsiteImageResponse, websiteImageResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/** POST /api/website/images, multipart field `file`: an image sections can show. */
export function uploadWebsiteImage(file: File): Promise<WebsiteImageResponse> {
  const form = new FormData();
  form.set('file', file);
  return apiFetch('/api/website/images', websiteImageResponseSchema, { method: 'POST', form });
}

export function useUploadWebsiteImage() {
  return useMutation({ mutationFn: uploadWebsiteImage, retry: false });
}

/** Where the builder loads an uploaded image (GET /api/website/images/{id}), store or not. */
export function websiteImageUrl(id: string): string {
  return `/api/website/images/${encodeURIComponent(id)}`;
}
