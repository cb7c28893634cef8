// "Share publicly" on a listing's detail: publish
// or take down its page, copy the link or hand it to the phone's share sheet, and the page's
// switches. "Show the street address" is the listing's own confidential flag; "Ask for name and
// email before the flyer" makes each flyer download a lead.
import { Copy, Globe, RefreshCw, Share2 } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import type { OfferingType } from "@shared/enumerations";
import type { DealStage } from "@shared/listing-fact-choices";
import { marketStatus, marketStatusLine } from "@shared/market-status";
import type { PublicationUpdate } from "@shared/public-page";
import { usePublication, useRotatePublication, useSavePublication } from "../api/publication";
import { PageFigures } from "./page-figures";

function Toggle({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange(on: boolean): void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} />
    </div>
  );
}

/** What the published page says of the deal, from the listing's deal stage. */
function PageStatus({ market }: { market: { offeringType: OfferingType; dealStage?: DealStage | null } }) {
  const status = marketStatus(market);
  return (
    <p className="text-sm text-muted-foreground" data-testid="public-page-status">
      {status.state === "offMarket"
        ? `While the deal stage is ${market.dealStage}, the page says the listing is no longer available.`
        : `The page shows it as ${marketStatusLine(status)}.`}
    </p>
  );
}

export function SharePubliclyPanel({ listingId, listingName, market }: { listingId: string; listingName: string; market: { offeringType: OfferingType; dealStage?: DealStage | null } }) {
  const publication = usePublication(listingId);
  const save = useSavePublication(listingId);
  const rotate = useRotatePublication(listingId);
  const data = publication.data;
  if (!data) return <p className="text-sm text-muted-foreground">{publication.isError ? errorMessage(publication.error) : "Loading…"}</p>;
  const busy = save.isPending || rotate.isPending;
  const change = (update: Partial<PublicationUpdate>) =>
    save.mutate({ published: data.published, ...update }, { onError: (err) => toastError("Could not save", errorMessage(err)) });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.url);
      toastSuccess("Link copied");
    } catch {
      toastError("Could not copy", data.url);
    }
  };
  const share = () => void navigator.share?.({ title: listingName, url: data.url }).catch(() => undefined);
  return (
    <div className="grid gap-3" data-testid="share-publicly">
      <Toggle label="Published" checked={data.published} disabled={busy} onChange={(published) => change({ published })} />
      {data.published ? <PageStatus market={market} /> : null}
      {data.published ? (
        <div className="grid gap-2">
          <a href={data.url} target="_blank" rel="noreferrer" className="break-all text-sm text-primary underline" data-testid="public-page-link">
            <Globe aria-hidden className="mr-1 inline size-4" />
            {data.url}
          </a>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              <Copy aria-hidden />
              Copy link
            </Button>
            {"share" in navigator ? (
              <Button variant="outline" size="sm" onClick={share}>
                <Share2 aria-hidden />
                Share
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {data.published || data.publishedAt ? <PageFigures listingId={listingId} /> : null}
      <Toggle label="Let search engines index this page" checked={data.indexable} disabled={busy} onChange={(indexable) => change({ indexable })} />
      <Toggle label="Show the street address" checked={data.showAddress} disabled={busy} onChange={(showAddress) => change({ showAddress })} />
      <Toggle label="Ask for name and email before the flyer" checked={data.flyerGate} disabled={busy} onChange={(flyerGate) => change({ flyerGate })} />
      {/* Only a published page goes out: the inventory switch waits for it, syndication may be chosen ahead. */}
      <Toggle label="Show in the brokerage's inventory" checked={data.inventory} disabled={busy || !data.published} onChange={(inventory) => change({ inventory })} />
      <Toggle label="Syndicate to feeds" checked={data.syndicate} disabled={busy} onChange={(syndicate) => change({ syndicate })} />
      {!data.published && (data.inventory || data.syndicate) ? (
        <p className="text-sm text-muted-foreground">Nothing goes out while the page is not published.</p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="justify-start"
        disabled={busy}
        onClick={() => rotate.mutate(undefined, { onSuccess: () => toastSuccess("The old link no longer works"), onError: (err) => toastError("Could not change the link", errorMessage(err)) })}
      >
        <RefreshCw aria-hidden />
        Change the link
      </Button>
    </div>
  );
}
