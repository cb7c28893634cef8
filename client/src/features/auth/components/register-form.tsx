import { zodResolver } from "@hookform/resolvers/zod";
import { MailX } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { registerSchema } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { useRegister } from "../api/register";
import { useValidateInvitation } from "../api/validate-invitation";
import { checkState } from "./auth-check";
import { AuthHeading } from "./auth-heading";
import { AuthNotice } from "./auth-notice";
import { PASSWORD_HINT } from "./password-hint";

type RegisterValues = z.input<typeof registerSchema>;
const FIELD_ORDER = ["username", "password"] as const;

function RegisterFields({ token, email }: { token: string; email: string }) {
  const registration = useRegister();
  const form = useForm<RegisterValues, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: "", password: "", token },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit((values) =>
    registration.mutate(values, {
      onError: (error) => {
        if (applyServerErrors(error, form, FIELD_ORDER)) return;
        // 409 is a taken username: said under the field as well as in the spec's toast.
        if (error instanceof ApiError && error.status === 409) {
          form.setError("username", { type: "server", message: errorMessage(error) }, { shouldFocus: true });
        }
      },
    }),
  );

  return (
    <div className="grid gap-8">
      <AuthHeading title="Join your team" description="You have been invited. Choose a username and password to create your account." />
      <form className="grid gap-4" noValidate onSubmit={onSubmit}>
        <FormField label="Email" hint="Your invitation was sent for this address.">
          <Input type="email" value={email} readOnly autoComplete="email" />
        </FormField>
        <FormField label="Username" error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} required {...register("username")} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={PASSWORD_HINT}>
          <Input type="password" autoComplete="new-password" required {...register("password")} />
        </FormField>
        <Button type="submit" className="mt-2 w-full" loading={registration.isPending}>
          {registration.isPending ? "Creating account..." : "Create account"}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link href="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}

export function RegisterForm({ token }: { token: string }) {
  const validation = useValidateInvitation(token);

  if (!validation.isSuccess) return checkState(validation, { checking: "Checking your invitation...", failed: "We couldn't check your invitation" });
  if (!validation.data.valid || !validation.data.email) {
    return (
      <AuthNotice icon={MailX} title="Invalid Invitation">
        This invitation link is invalid or has already been used.
      </AuthNotice>
    );
  }
  return <RegisterFields token={token} email={validation.data.email} />;
}
