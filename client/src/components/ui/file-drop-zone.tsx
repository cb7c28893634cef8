import { useRef, useState, type DragEvent, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface FileDropZoneProps {
  /** The hidden input's id, for a `<Label htmlFor>` outside the zone. */
  inputId: string;
  accept: string;
  disabled?: boolean;
  /** A file chosen, dropped or chosen again (the input is cleared each time, so the same file fires again). */
  onFile(file: File): void;
  className?: string;
  /** Testids of the zone and of its input, for browser tests. */
  testId: string;
  inputTestId: string;
  children: ReactNode;
}

/**
 * A file picker the size of a card: tap or click opens the chooser (the whole zone is the input's
 * label), a file dragged onto it on a desktop is taken too, and keyboard focus on the hidden input
 * rings the zone.
 */
export function FileDropZone({ inputId, accept, disabled, onFile, className, testId, inputTestId, children }: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = (file: File | undefined) => {
    // Cleared, so choosing the same file again (after fixing it) still fires a change.
    if (inputRef.current) inputRef.current.value = "";
    if (file && !disabled) onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-input bg-surface px-4 py-4 transition-colors hover:bg-accent/60 has-[:focus-visible]:border-ring has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/20",
        dragging && "border-primary bg-primary/5",
        disabled && "pointer-events-none opacity-70",
        className,
      )}
      data-testid={testId}
    >
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => take(event.target.files?.[0])}
        data-testid={inputTestId}
      />
      {children}
    </label>
  );
}
