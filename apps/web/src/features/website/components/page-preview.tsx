import { useEffect, useRef, useState } from 'react';
import { SegmentedControl } from '@/components/segmented-control';

const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Device = keyof typeof WIDTHS;
const HEIGHT = { phone: 720, desktop: 900 } as const;

type PagePreviewProps = {
  pageId: string;
  title: string;
  /** Goes up after each save: the frame loads the draft again. */
  version: number;
};

/** How wide the element is, kept up to date as the layout changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The saved draft as the store draws it, in a frame as wide as a phone or a desktop screen; the
 * desktop frame is scaled down to fit beside the editor.
 */
export function PagePreview({ pageId, title, version }: PagePreviewProps) {
  const [device, setDevice] = useState<Device>('phone');
  const [boxRef, boxWidth] = useWidth();
  const frameWidth = WIDTHS[device];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / frameWidth) : 1;
  const height = HEIGHT[device];
  return (
    <section aria-labelledby="page-preview-heading" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="page-preview-heading" className="text-lg font-semibold">
            Preview
          </h2>
          <p className="text-xs text-muted-foreground">The saved draft, as shoppers will see it.</p>
        </div>
        <SegmentedControl
          legend="Preview width"
          size="sm"
          options={[
            { value: 'phone', label: 'Phone' },
            { value: 'desktop', label: 'Desktop' },
          ]}
          value={device}
          onChange={setDevice}
        />
      </div>
      <div ref={boxRef} className="min-w-0 overflow-hidden rounded-lg border bg-muted">
        <div className="mx-auto" style={{ width: frameWidth * scale, height: height * scale }}>
          <iframe
            key={`${device}-${version}`}
            title={`Preview of ${title}`}
            src={`/api/website/pages/${encodeURIComponent(pageId)}/preview`}
            width={frameWidth}
            height={height}
            className="origin-top-left border-0 bg-white"
            style={{ transform: scale === 1 ? undefined : `scale(${scale})` }}
          />
        </div>
      </div>
    </section>
  );
}
