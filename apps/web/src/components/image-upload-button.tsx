import { ImagePlus } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { IMAGE_ACCEPT, imageFileProblem } from '@/lib/image-file';

type ImageUploadButtonProps = {
  label: string;
  pending: boolean;
  /** Called with a file the server takes (type and size checked here first). */
  onFile: (file: File) => void;
};

/** A button that picks an image file; a wrong type or a file over 10 MB is refused at once. */
export function ImageUploadButton({ label, pending, onFile }: ImageUploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const problem = imageFileProblem(file);
          if (problem) toast.error(problem);
          else onFile(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={pending}
        onClick={() => input.current?.click()}
      >
        {pending ? <Spinner className="size-4" /> : <ImagePlus aria-hidden="true" />}
        {label}
      </Button>
    </>
  );
}
