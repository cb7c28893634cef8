import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldX } from "lucide-react";
import { useForm } from "react-hook-form";
import { useSearch } from "wouter";
import type { z } from "zod";
import { initAdminSchema } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/form-errors";
import { useNeedsSetup } from "../api/get-needs-setup";
import { useInitAdmin } from "../api/init-admin";
import { checkState } from "./auth-check";
import { AuthHeading } from "./auth-heading";
import { AuthNotice } from "./auth-notice";
import { PASSWORD_HINT } from "./password-hint";

type SetupValues = z.input<typeof initAdminSchema>;
const FIELD_ORDER = ["username", "email", "password"] as const;

function SetupFields() {
  const initAdmin = useInitAdmin();
  // From another computer the server asks for the code of the link it printed at start.
  const code = new URLSearchParams(useSearch()).get("code") ?? undefined;
  const form = useForm<SetupValues, unknown, z.output<typeof initAdminSchema>>({
    resolver: zodResolver(initAdminSchema),
    defaultValues: { username: "", email: "", password: "" },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit((values) =>
    initAdmin.mutate({ ...values, code }, { onError: (error) => applyServerErrors(error, form, FIELD_ORDER) }),
  );

  return (
    <div className="grid gap-8">
      <AuthHeading
        title="Set up your workspace"
        description="Create the first admin account. You can invite the rest of your team once you are in."
      />
      <form className="grid gap-4" noValidate onSubmit={onSubmit}>
        <FormField label="Username" error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} required {...register("username")} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            required
            // Said as you go, once the field is left, not only after Create (only this field is
            // checked, so a server's answer on another field stays).
            {...register("email", { onBlur: () => void form.trigger("email") })}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint={PASSWORD_HINT}>
          <Input type="password" autoComplete="new-password" required {...register("password")} />
        </FormField>
        <Button type="submit" className="mt-2 w-full" loading={initAdmin.isPending}>
          {initAdmin.isPending ? "Creating admin..." : "Create admin account"}
        </Button>
      </form>
    </div>
  );
}

export function SetupForm() {
  const needsSetup = useNeedsSetup();

  if (!needsSetup.isSuccess) return checkState(needsSetup, { checking: "Checking this workspace...", failed: "We couldn't check this workspace" });
  if (!needsSetup.data.needsSetup) {
    return (
      <AuthNotice icon={ShieldX} title="Setup Not Available">
        This workspace already has an admin. Sign in with your account, or ask an admin for an invitation link.
      </AuthNotice>
    );
  }
  return <SetupFields />;
}
