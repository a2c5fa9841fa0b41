import { SIGNING_TEXTS } from "@shared/signing-rules";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { Eraser } from "lucide-react";
import { type PointerEvent, useCallback, useEffect, useRef, useState } from "react";

export interface SignaturePadProps {
  /** The drawing as a PNG data URL after each stroke, null once cleared. */
  onChange: (signature: string | null) => void;
  /** The pad's accessible name. */
  label: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  disabled?: boolean;
}

/** The ink's width in CSS pixels, and its colour (the PDF prints it on white). */
const INK = { width: 2.5, color: "#0f172a" } as const;

/**
 * A box to sign in with a finger, a pen or the mouse (pointer events: one stroke per press, captured
 * so that it goes on outside the box), drawn at the screen's pixel density; « Effacer » starts over.
 * The drawing is handed over as a PNG after each stroke (docs/domain/signing.md#the-page).
 */
export function SignaturePad({ onChange, label, invalid = false, describedBy, disabled = false }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);

  /** The canvas at the box's size × the pixel density, its drawing cleared. */
  const fitCanvas = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round(width * ratio));
    canvas.height = Math.max(1, Math.round(height * ratio));
    const context = canvas.getContext("2d");
    if (context) {
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.lineCap = "round";
      context.lineJoin = "round";
      context.lineWidth = INK.width;
      context.strokeStyle = INK.color;
      context.fillStyle = INK.color;
    }
  }, []);

  useEffect(() => {
    fitCanvas();
  }, [fitCanvas]);

  const clear = useCallback(() => {
    fitCanvas();
    drawing.current = null;
    setEmpty(true);
    onChange(null);
  }, [fitCanvas, onChange]);

  // A new width (a phone turned) empties the canvas: the signature is asked again rather than stretched.
  useEffect(() => {
    let width = window.innerWidth;
    const resized = () => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      clear();
    };
    window.addEventListener("resize", resized);
    return () => window.removeEventListener("resize", resized);
  }, [clear]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === "mouse" && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = pointOf(event);
    drawing.current = point;
    const context = event.currentTarget.getContext("2d");
    // A dot for a tap.
    context?.beginPath();
    context?.arc(point.x, point.y, INK.width / 2, 0, Math.PI * 2);
    context?.fill();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = drawing.current;
    if (!from) return;
    event.preventDefault();
    const context = event.currentTarget.getContext("2d");
    // The points the browser merged since the last event, for a smooth line on a fast stroke.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const box = event.currentTarget.getBoundingClientRect();
    const points =
      events.length > 0 ? events.map((e) => ({ x: e.clientX - box.left, y: e.clientY - box.top })) : [pointOf(event)];
    let last = from;
    for (const point of points) {
      context?.beginPath();
      context?.moveTo(last.x, last.y);
      context?.lineTo(point.x, point.y);
      context?.stroke();
      last = point;
    }
    drawing.current = last;
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    setEmpty(false);
    onChange(event.currentTarget.toDataURL("image/png"));
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        className={cn(
          "relative overflow-hidden rounded-lg border-2 border-dashed bg-white",
          invalid ? "border-destructive" : "border-input",
          disabled && "opacity-60",
        )}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid="signature-pad"
          className="block h-48 w-full cursor-crosshair touch-none select-none sm:h-52"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
        />
        {empty && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-muted-foreground"
          >
            Signez ici avec le doigt, un stylet ou la souris
          </span>
        )}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute right-6 bottom-10 left-6 border-b border-border"
        />
      </div>
      <div className="flex justify-end">
        <Button type="button" variant="ghost" size="sm" onClick={clear} disabled={disabled || empty}>
          <Eraser aria-hidden="true" />
          {SIGNING_TEXTS.clear}
        </Button>
      </div>
    </div>
  );
}
