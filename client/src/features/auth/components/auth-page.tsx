import { useSearch } from "wouter";
import { BrandMark } from "@/components/ui/brand-mark";
import { AuthFeaturePanel } from "./auth-feature-panel";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { ResetPasswordForm } from "./reset-password-form";
import { SetupForm } from "./setup-form";

/**
 * /auth: registration when the link carries ?token=, a new password with ?reset= (an admin's
 * reset link), first-admin setup with ?setup=true,
 * sign-in otherwise. An invitation wins over setup: a token is only ever in an invite link.
 */
export function AuthPage() {
  const params = new URLSearchParams(useSearch());
  const token = params.get("token");
  const reset = params.get("reset");
  const setup = params.get("setup") === "true";

  const form = token ? (
    <RegisterForm key={token} token={token} />
  ) : reset ? (
    <ResetPasswordForm key={reset} token={reset} />
  ) : setup ? (
    <SetupForm />
  ) : (
    <LoginForm />
  );

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <main className="flex flex-col px-6 py-6 sm:px-10 sm:py-8">
        <BrandMark />
        <div className="flex flex-1 items-center justify-center py-12">
          <div className="w-full max-w-sm">{form}</div>
        </div>
      </main>
      <AuthFeaturePanel />
    </div>
  );
}
