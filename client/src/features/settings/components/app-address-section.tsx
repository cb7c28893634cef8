// In Settings: the app's address, where the links in the mail the app sends point (alerts,
// invitations, reset links, digests) and the public pages' canonical addresses.
// Admins change it; everyone sees it.
import type { AppAddress } from "@shared/app-address";
import { Card } from "@/components/ui/card";
import { OneFieldForm } from "@/components/ui/one-field-form";
import { useAppAddress, useSaveAppAddress } from "../api/app-address";

function describe(address: AppAddress): string {
  if (address.source === "public-url") return `Links point to ${address.inEffect}, set by the server's PUBLIC_URL.`;
  if (address.source === "chosen") return `Links point to ${address.inEffect}.`;
  if (address.source === "setup") return `Links point to ${address.inEffect}, the address the app was set up from.`;
  return "No address yet: the mail the app sends carries no links until one is set.";
}

/** Mounted once the address is read, starting from the admin's choice. */
function AppAddressForm({ address }: { address: AppAddress }) {
  return (
    <OneFieldForm
      label="App address"
      errorKey="address"
      initialValue={address.chosen ?? ""}
      fieldClassName="w-full max-w-md"
      input={{ type: "url", inputMode: "url", placeholder: window.location.origin }}
      submitLabel="Save address"
      save={useSaveAppAddress()}
      toValue={(text) => text}
      savedTitle={(saved) => (saved.chosen ? `App address saved: ${saved.chosen}` : "App address cleared")}
    />
  );
}

export function AppAddressSection({ isAdmin }: { isAdmin: boolean }) {
  const address = useAppAddress().data;
  return (
    <Card className="grid gap-3 p-5" data-testid="app-address-settings">
      <h2 className="font-semibold">App address</h2>
      <p className="text-sm text-muted-foreground">
        Where people open Listing Desk, like https://desk.example.com: the links in the emails the app sends, and public pages&apos; canonical links, start here.
      </p>
      {address && <p className="text-sm">{describe(address)}</p>}
      {isAdmin && address && address.source !== "public-url" && <AppAddressForm address={address} />}
      {!isAdmin && <p className="text-sm text-muted-foreground">Admins change this.</p>}
    </Card>
  );
}
