import type { ReactNode } from "react";
import { useDocumentTitle } from "@/lib/use-document-title";

export function AuthHeading({ title, description }: { title: string; description?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="grid gap-1.5">
      <h1 className="text-2xl">{title}</h1>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </div>
  );
}
