import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight, Rocket } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { loginSchema } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useNeedsSetup } from "../api/get-needs-setup";
import { useLogin } from "../api/login";
import { AuthHeading } from "./auth-heading";

type LoginValues = z.input<typeof loginSchema>;

function FirstRunCallout() {
  return (
    <div className="grid gap-3 rounded-lg border border-primary/25 bg-primary/5 p-4">
      <div className="flex gap-3">
        <Rocket className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div className="grid gap-0.5">
          <p className="text-sm font-medium">New workspace</p>
          <p className="text-sm text-muted-foreground">Nobody has signed up yet. Create the first admin account to get started.</p>
        </div>
      </div>
      <Button asChild className="w-full">
        <Link href="/auth?setup=true">
          Set up the first admin
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </div>
  );
}

export function LoginForm() {
  const login = useLogin();
  const needsSetup = useNeedsSetup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });

  return (
    <div className="grid gap-8">
      <AuthHeading title="Sign in" description="Welcome back. Sign in to your team's workspace." />
      {needsSetup.data?.needsSetup ? <FirstRunCallout /> : null}
      <form className="grid gap-4" noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
        <FormField label="Username" error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} required {...register("username")} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" required {...register("password")} />
        </FormField>
        <Button type="submit" className="mt-2 w-full" loading={login.isPending}>
          {login.isPending ? "Signing in..." : "Sign in"}
        </Button>
      </form>
      {needsSetup.data?.needsSetup ? null : (
        <p className="text-center text-sm text-muted-foreground">
          New to the team? Ask an admin for an invitation link.
        </p>
      )}
    </div>
  );
}
