import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Shown to everyone, signed in or not, so a mistyped link never bounces through the sign-in page. */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <div className="flex size-12 items-center justify-center rounded-xl border bg-surface text-base font-semibold text-muted-foreground shadow-card">
        ?
      </div>
      <div className="grid gap-2">
        <h1 className="text-2xl">404 Page Not Found</h1>
        <p className="max-w-sm text-sm text-muted-foreground">
          The page you are looking for does not exist or may have moved.
        </p>
      </div>
      <Button asChild variant="outline">
        <Link href="/">
          <ArrowLeft aria-hidden />
          Back to Active Listings
        </Link>
      </Button>
    </main>
  );
}
