import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { changePasswordSchema } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/form-errors";
import { useChangePassword } from "../api/change-password";

type Values = z.input<typeof changePasswordSchema>;
const FIELD_ORDER = ["currentPassword", "newPassword"] as const;
const PASSWORD_HINT = "At least 8 characters and hard to guess: a few uncommon words work well.";

export function ChangePasswordForm({ username }: { username: string }) {
  const change = useChangePassword();
  const form = useForm<Values, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => applyServerErrors(error, form, FIELD_ORDER),
    }),
  );
  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 className="text-base font-semibold tracking-tight">Change password</h2>
        <CardDescription>Your other sessions end; this one stays signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid max-w-md gap-4" noValidate onSubmit={onSubmit}>
          <input type="text" autoComplete="username" value={username} readOnly hidden />
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" required {...form.register("currentPassword")} />
          </FormField>
          <FormField label="New password" error={errors.newPassword?.message} hint={PASSWORD_HINT}>
            <Input type="password" autoComplete="new-password" required {...form.register("newPassword")} />
          </FormField>
          <Button type="submit" className="justify-self-start" loading={change.isPending}>
            {change.isPending ? "Saving..." : "Change password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
