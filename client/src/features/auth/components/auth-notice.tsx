import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { AuthHeading } from "./auth-heading";

/** A dead end with a way back: used for an unusable invitation and for setup already done. */
export function AuthNotice({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="grid gap-6" role="status">
      <span className="flex size-11 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <Icon className="size-5" aria-hidden />
      </span>
      <AuthHeading title={title} description={children} />
      <Button asChild variant="outline" className="w-full">
        <Link href="/auth">
          <ArrowLeft aria-hidden />
          Go to sign in
        </Link>
      </Button>
    </div>
  );
}
