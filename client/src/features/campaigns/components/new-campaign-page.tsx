// A new campaign's first step: its name, and the listing it is about when it came from a listing's
// "Email this listing" (?listing=<id>&name=<listing name>). The draft is made here; the editor
// takes over with the listing card as its body.
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage } from "@/lib/api-client";
import { useCreateCampaign } from "../api/campaigns";

export function NewCampaignPage() {
  const search = new URLSearchParams(useSearch());
  const listingId = search.get("listing");
  const listingName = search.get("name");
  const [name, setName] = useState(listingName ?? "");
  const create = useCreateCampaign();
  const [, navigate] = useLocation();
  return (
    <div className="grid max-w-xl gap-6">
      <Link href="/campaigns" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline pointer-coarse:min-h-11">
        <ArrowLeft aria-hidden className="size-4" />
        Campaigns
      </Link>
      <PageHeader title="New campaign" description={listingId ? `About ${listingName ?? "the listing"}: its listing card is the message until you change it.` : "Write its message in the editor next."} />
      <Card className="p-4">
        <form
          aria-label="New campaign"
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(
              { name: name.trim(), ...(listingId && { listingId, subject: listingName ?? "" }) },
              { onSuccess: (c) => navigate(`/campaigns/${c.id}`, { replace: true }) },
            );
          }}
        >
          <FormField label="Campaign name" required>
            <Input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
          </FormField>
          {create.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(create.error)}
            </p>
          ) : null}
          <Button type="submit" className="justify-self-start" loading={create.isPending}>
            Create draft
          </Button>
        </form>
      </Card>
    </div>
  );
}
