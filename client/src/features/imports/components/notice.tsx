import { AlertTriangle, CircleX, Info, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const TONES: Record<"info" | "warning" | "error", { icon: LucideIcon; className: string }> = {
  info: { icon: Info, className: "border-primary/20 bg-primary/5 text-foreground [&>svg]:text-primary" },
  warning: { icon: AlertTriangle, className: "border-warning/30 bg-warning/10 text-foreground [&>svg]:text-warning" },
  error: { icon: CircleX, className: "border-destructive/30 bg-destructive/5 text-destructive" },
};

/** A sentence the wizard wants read: what it did for you, what needs a look, what went wrong. */
export function Notice({ tone = "info", children, className, ...props }: { tone?: keyof typeof TONES; children: ReactNode; className?: string; "data-testid"?: string }) {
  const { icon: Icon, className: toneClass } = TONES[tone];
  return (
    <div
      // Errors interrupt (they answer what the person just did); the others are read in turn.
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-2 rounded-md border px-3 py-2 text-sm leading-5", toneClass, className)}
      {...props}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 break-words">{children}</div>
    </div>
  );
}

/** A titled part of a wizard step. */
export function StepSection({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid min-w-0 gap-3 rounded-xl border bg-surface p-4 sm:p-5" data-testid={id}>
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-base font-semibold tracking-tight">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
