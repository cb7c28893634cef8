import { ArrowLeft, ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "./notice";

/**
 * The foot of the Map step, for listings and contacts alike: what stands before the preview (the
 * step's own warning), the server's refusal, and the way back or on to the preview.
 */
export function MapStepActions({ problems, error, busy, blocked, onChooseAnother, onPreview }: { problems: ReactNode; error: string | null; busy: boolean; blocked: boolean; onChooseAnother(): void; onPreview(): void }) {
  return (
    <div className="grid gap-3">
      {problems}
      {error ? (
        <Notice tone="error" data-testid="mapping-error">
          {error}
        </Notice>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onChooseAnother} disabled={busy}>
          <ArrowLeft aria-hidden />
          Choose another file
        </Button>
        <Button onClick={onPreview} disabled={blocked} loading={busy}>
          {busy ? "Checking every row…" : "Preview"}
          {busy ? null : <ArrowRight aria-hidden />}
        </Button>
      </div>
    </div>
  );
}
