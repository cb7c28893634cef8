// The members' "Buyers": who holds access to the listing's room, at which level and until when;
// approve, revoke or extend each, open each signed agreement, and let in someone who signed a CA
// elsewhere (docs/guides/deal-room.md).
import { useState } from "react";
import type { Grant, GrantStatus } from "@shared/deal-room";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useGrants, usePatchGrant, type GrantChange } from "../api/grants";
import { AddGrantDialog } from "./add-grant-dialog";

const STATUS_BADGES: Record<GrantStatus, { label: string; variant: BadgeProps["variant"] }> = {
  pending: { label: "Waiting for approval", variant: "warning" },
  active: { label: "Active", variant: "success" },
  revoked: { label: "Revoked", variant: "destructive" },
  expired: { label: "Expired", variant: "muted" },
};
const SOURCE_LABELS: Record<Grant["source"], string> = { signed: "Signed here", "signed-elsewhere": "Signed elsewhere", waived: "Agreement waived" };
const EXTEND_DAYS = 30;
const DAY_MS = 86_400_000;

function GrantRow({ grant, listingId }: { grant: Grant; listingId: string }) {
  const patch = usePatchGrant(listingId);
  const change = (c: GrantChange, done: string) => patch.mutate({ id: grant.id, change: c }, { onSuccess: () => toastSuccess(done), onError: (err) => toastError("Could not change the access", errorMessage(err)) });
  // From the later of now and the current end, worked out when clicked.
  const extend = () => {
    const until = new Date(Math.max(Date.now(), Date.parse(grant.expiresAt)) + EXTEND_DAYS * DAY_MS).toISOString();
    change({ expiresAt: until }, `Extended to ${formatDate(until)}`);
  };
  const badge = STATUS_BADGES[grant.status];
  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="grant-row">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{grant.name}</span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
        {grant.level === "approved" ? <Badge variant="outline">Approved level</Badge> : null}
      </div>
      <p className="break-all text-sm text-muted-foreground">
        {[grant.email, grant.company, grant.role].filter(Boolean).join(" · ")}
      </p>
      <p className="text-sm text-muted-foreground">
        {SOURCE_LABELS[grant.source]}
        {grant.signedAt ? ` ${formatDate(grant.signedAt)}` : ""} · {grant.status === "active" || grant.status === "pending" ? "until" : "ended"} {formatDate(grant.expiresAt)}
        {grant.approvedBy ? ` · approved by ${grant.approvedBy.username}` : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        {grant.caPdfUrl ? (
          <Button asChild variant="outline" size="sm">
            <a href={grant.caPdfUrl} target="_blank" rel="noreferrer">
              Signed agreement (PDF)
            </a>
          </Button>
        ) : null}
        {grant.proofUrl ? (
          <Button asChild variant="outline" size="sm">
            <a href={grant.proofUrl} target="_blank" rel="noreferrer">
              Signed copy (proof)
            </a>
          </Button>
        ) : null}
        {grant.status !== "active" ? (
          <Button size="sm" disabled={patch.isPending} onClick={() => change({ status: "active" }, `${grant.name} can enter the room`)}>
            {grant.status === "pending" ? "Approve" : "Let in again"}
          </Button>
        ) : null}
        {grant.status === "active" || grant.status === "pending" ? (
          <Button size="sm" variant="outline" disabled={patch.isPending} onClick={() => change({ status: "revoked" }, `${grant.name}'s access is revoked`)}>
            Revoke
          </Button>
        ) : null}
        {grant.status === "active" ? (
          <Button size="sm" variant="outline" disabled={patch.isPending} onClick={extend}>
            Extend {EXTEND_DAYS} days
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function GrantsPanel({ listingId }: { listingId: string }) {
  const grants = useGrants(listingId);
  const [adding, setAdding] = useState(false);
  return (
    <Card className="grid gap-3 p-5" data-testid="room-grants">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">Buyers</h2>
        <Button variant="outline" size="sm" className="ml-auto" onClick={() => setAdding(true)}>
          Let someone in
        </Button>
      </div>
      <AddGrantDialog listingId={listingId} open={adding} onOpenChange={setAdding} />
      {grants.isError ? <p className="text-sm text-destructive">{errorMessage(grants.error)}</p> : null}
      {grants.data && grants.data.length === 0 ? <p className="text-sm text-muted-foreground">No buyer has asked yet.</p> : null}
      <ul className="grid gap-3">
        {(grants.data ?? []).map((g) => (
          <GrantRow key={g.id} grant={g} listingId={listingId} />
        ))}
      </ul>
    </Card>
  );
}
