import { Eraser } from 'lucide-react';
import { type PointerEvent, useRef } from 'react';
import { Button } from '@/components/ui/button';

type SignaturePadProps = {
  labelId: string;
  /** The drawing as a PNG data URL after each stroke; null when cleared. */
  onChange: (png: string | null) => void;
};

/**
 * §7.4: the customer signs on the phone with a finger (or a mouse). The printed name beside it
 * is required, so a customer who cannot draw still leaves a record of who took the delivery.
 */
export function SignaturePad({ labelId, onChange }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = event.currentTarget.width / box.width;
    return { x: (event.clientX - box.left) * scale, y: (event.clientY - box.top) * scale };
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111827';
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    const { x, y } = point(event);
    context?.lineTo(x, y);
    context?.stroke();
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (canvas.current) onChange(canvas.current.toDataURL('image/png'));
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    onChange(null);
  };

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        width={600}
        height={240}
        role="img"
        aria-labelledby={labelId}
        className="h-36 w-full touch-none rounded-md border bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={clear}
      >
        <Eraser aria-hidden="true" />
        Clear signature
      </Button>
    </div>
  );
}
