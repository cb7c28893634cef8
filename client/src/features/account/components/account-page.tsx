import { PageHeader } from "@/components/ui/page-header";
import { MyAgentProfile } from "@/features/agents/components/my-agent-profile";
import { useUser } from "@/features/auth/api/get-user";
import { ChangePasswordForm } from "./change-password-form";
import { SessionList } from "./session-list";

/** /account, from the user menu: your agent profile, your password and where you are signed in. */
export function AccountPage() {
  const { user } = useUser();
  return (
    <div className="grid gap-6">
      <PageHeader title="Your account" description={user ? `Signed in as ${user.username}.` : undefined} />
      <MyAgentProfile />
      <ChangePasswordForm username={user?.username ?? ""} />
      <SessionList />
    </div>
  );
}
