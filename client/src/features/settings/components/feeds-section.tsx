// In Settings, for admins: the listings feed's keys (made here, each shown once), when each last
// read the feed, and the published listings that are not in it with why (docs/guides/inventory-and-feed.md).
import { Copy, KeyRound, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { FEED_PATH, type CreatedFeedKey, type FeedKey } from "@shared/feed";
import { OUTGOING_REASON_TEXT } from "@shared/outgoing-listings";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { copyText } from "@/lib/clipboard";
import { formatShortDateTime } from "@/lib/format-date";
import { useCreateFeedKey, useDeleteFeedKey, useFeedHealth, useFeedKeys } from "../api/feed-keys";

/** The key just made: shown this once, with a copy button. */
function NewKey({ made, onDone }: { made: CreatedFeedKey; onDone(): void }) {
  const copy = async () => ((await copyText(made.key)) ? toastSuccess("Key copied") : toastError("Could not copy", "Select the key and copy it."));
  return (
    <div className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3" data-testid="new-feed-key">
      <p className="text-sm font-medium">The key for “{made.name}”. Copy it now: it is not shown again.</p>
      <code className="break-all rounded bg-muted px-2 py-1 text-sm" data-testid="new-feed-key-value">
        {made.key}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy key
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function KeyRow({ feedKey }: { feedKey: FeedKey }) {
  const remove = useDeleteFeedKey();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="feed-key">
      <div className="min-w-0">
        <p className="truncate font-medium">{feedKey.name}</p>
        <p className="text-sm text-muted-foreground">{feedKey.lastUsedAt ? `Last request ${formatShortDateTime(feedKey.lastUsedAt)}` : "No request yet"}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={remove.isPending}
        aria-label={`Delete the key ${feedKey.name}`}
        onClick={() => remove.mutate(feedKey.id, { onSuccess: () => toastSuccess(`Key “${feedKey.name}” deleted`), onError: (err) => toastError("Could not delete", errorMessage(err)) })}
      >
        <Trash2 aria-hidden />
        Delete
      </Button>
    </li>
  );
}

function CreateKeyForm({ onMade }: { onMade(made: CreatedFeedKey): void }) {
  const create = useCreateFeedKey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        create.mutate(name, {
          onSuccess: (made) => {
            setName("");
            onMade(made);
          },
          onError: (err) => (err instanceof ApiError && err.fieldErrors?.name ? setError(err.fieldErrors.name) : toastError("Could not create the key", errorMessage(err))),
        });
      }}
    >
      <FormField label="Who reads the feed with it" error={error} className="w-full max-w-xs">
        <Input placeholder="LandSearch" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" loading={create.isPending}>
        <KeyRound aria-hidden />
        Create key
      </Button>
    </form>
  );
}

function NotInFeed() {
  const health = useFeedHealth(true).data;
  if (!health) return null;
  return (
    <div className="grid gap-2" data-testid="feed-health">
      <p className="text-sm">
        {health.inFeed === 1 ? "1 listing is in the feed." : `${health.inFeed} listings are in the feed.`}
        {health.notInFeed.length > 0 ? " Published but not in it:" : ""}
      </p>
      {health.notInFeed.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {health.notInFeed.map((item) => (
            <li key={item.listingId} data-testid="not-in-feed">
              <Link className="font-medium text-primary underline" href={`/listings/${item.listingId}`}>
                {item.listingName}
              </Link>
              <span className="text-muted-foreground">: {item.reasons.map((r) => OUTGOING_REASON_TEXT[r]).join("; ")}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function FeedsSection({ isAdmin }: { isAdmin: boolean }) {
  const keys = useFeedKeys(isAdmin);
  const [made, setMade] = useState<CreatedFeedKey | null>(null);
  if (!isAdmin) return null;
  return (
    <Card className="grid gap-3 p-5" data-testid="feeds-settings">
      <h2 className="font-semibold">Feeds</h2>
      <p className="text-sm text-muted-foreground">
        Portals read the syndicated listings at{" "}
        <span className="break-all">
          {window.location.origin}
          {FEED_PATH}
        </span>{" "}
        with a key (Authorization: Bearer, or ?key=). The feed is off until a key exists; turn on “Syndicate to feeds” on each listing&apos;s
        Share publicly panel.
      </p>
      {made ? <NewKey made={made} onDone={() => setMade(null)} /> : null}
      <CreateKeyForm onMade={setMade} />
      {keys.data && keys.data.length > 0 ? (
        <ul className="divide-y" aria-label="Feed keys">
          {keys.data.map((k) => (
            <KeyRow key={k.id} feedKey={k} />
          ))}
        </ul>
      ) : keys.data ? (
        <p className="text-sm text-muted-foreground">No keys yet: the feed answers no one.</p>
      ) : null}
      <NotInFeed />
    </Card>
  );
}
