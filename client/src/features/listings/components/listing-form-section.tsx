import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface ListingFormSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One titled group of the listing form; a labelled region so screen readers can jump between them. */
export function ListingFormSection({ title, description, children, className }: ListingFormSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("grid gap-4", className)}>
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-sm font-semibold tracking-tight">
          {title}
        </h3>
        {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
