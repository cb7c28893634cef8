import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { passwordResetSchema } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/form-errors";
import { useResetPassword, useValidateReset } from "../api/reset-password";
import { checkState } from "./auth-check";
import { AuthHeading } from "./auth-heading";
import { AuthNotice } from "./auth-notice";
import { PASSWORD_HINT } from "./password-hint";

type ResetValues = z.input<typeof passwordResetSchema>;
const FIELD_ORDER = ["newPassword"] as const;
export const INVALID_RESET_LINK = "This password reset link is invalid, has expired or has already been used. Ask an admin for a new one.";

function ResetFields({ token, username }: { token: string; username: string }) {
  const reset = useResetPassword();
  const form = useForm<ResetValues, unknown, z.output<typeof passwordResetSchema>>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { token, newPassword: "" },
  });
  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, { onError: (error) => applyServerErrors(error, form, FIELD_ORDER) }),
  );
  return (
    <div className="grid gap-8">
      <AuthHeading title="Set a new password" description={`Choose a new password for ${username}. You will be signed out everywhere else.`} />
      <form className="grid gap-4" noValidate onSubmit={onSubmit}>
        <input type="text" autoComplete="username" value={username} readOnly hidden />
        <FormField label="New password" error={form.formState.errors.newPassword?.message} hint={PASSWORD_HINT}>
          <Input type="password" autoComplete="new-password" required {...form.register("newPassword")} />
        </FormField>
        <Button type="submit" className="mt-2 w-full" loading={reset.isPending}>
          {reset.isPending ? "Saving..." : "Set password and sign in"}
        </Button>
      </form>
    </div>
  );
}

/** /auth?reset=<token>: the form for an admin's one-time reset link, or why the link is no good. */
export function ResetPasswordForm({ token }: { token: string }) {
  const validation = useValidateReset(token);
  if (!validation.isSuccess) return checkState(validation, { checking: "Checking your reset link...", failed: "We couldn't check your reset link" });
  if (!validation.data.valid || !validation.data.username) {
    return (
      <AuthNotice icon={KeyRound} title="Invalid Reset Link">
        {INVALID_RESET_LINK}
      </AuthNotice>
    );
  }
  return <ResetFields token={token} username={validation.data.username} />;
}
