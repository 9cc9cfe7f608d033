import { SurfaceSetup } from '@/features/inventory/components/surface-setup';

export function SurfacePage() {
  return <SurfaceSetup />;
}
