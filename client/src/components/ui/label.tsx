import { Label as LabelPrimitive } from "radix-ui";
import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/lib/cn";

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn("text-[13px] font-medium leading-none text-foreground peer-disabled:opacity-60", className)}
      {...props}
    />
  );
}

/** A control under its label: the render prop receives the id that ties them together. */
export function LabelledControl({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium leading-none">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
