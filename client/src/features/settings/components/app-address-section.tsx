// In Settings: the app's address, where the links in the mail the app sends point (alerts,
// invitations, reset links, digests) and the public pages' canonical addresses.
// Admins change it; everyone sees it.
import { useState } from "react";
import type { AppAddress } from "@shared/app-address";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast, toastError } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useAppAddress, useSaveAppAddress } from "../api/app-address";

function describe(address: AppAddress): string {
  if (address.source === "public-url") return `Links point to ${address.inEffect}, set by the server's PUBLIC_URL.`;
  if (address.source === "chosen") return `Links point to ${address.inEffect}.`;
  if (address.source === "setup") return `Links point to ${address.inEffect}, the address the app was set up from.`;
  return "No address yet: the mail the app sends carries no links until one is set.";
}

/** Mounted once the address is read, starting from the admin's choice. */
function AppAddressForm({ address }: { address: AppAddress }) {
  const save = useSaveAppAddress();
  const [value, setValue] = useState(address.chosen ?? "");
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        save.mutate(value, {
          onSuccess: (saved) => toast({ title: saved.chosen ? `App address saved: ${saved.chosen}` : "App address cleared", variant: "success" }),
          onError: (err) => (err instanceof ApiError && err.fieldErrors?.address ? setError(err.fieldErrors.address) : toastError("Could not save", errorMessage(err))),
        });
      }}
    >
      <FormField label="App address" error={error} className="w-full max-w-md">
        <Input type="url" inputMode="url" placeholder={window.location.origin} value={value} onChange={(e) => setValue(e.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" loading={save.isPending}>
        Save address
      </Button>
    </form>
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
