import { Bookmark, Link2, Lock, LockOpen, Plus, Star, Trash2, UserRound } from "lucide-react";
import { MINE } from "@shared/constants";
import { useState } from "react";
import { useUser } from "@/features/auth/api/get-user";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import { copyText } from "@/lib/clipboard";
import { useDeleteView, useSavedViews, useUpdateView, type SavedView } from "../api/saved-views";
import { SaveViewDialog } from "./save-view-dialog";

interface ViewMenuProps {
  /** The page's address path ("/"), for links. */
  basePath: string;
  /** The view shown now as a query string (filters, sort, layout). */
  query: string;
  onOpen(query: string): void;
  /** Where the trigger shows (the page places it by screen width). */
  className?: string;
}

/** Views every member has, kept by the app rather than saved. */
const BUILT_IN_VIEWS = [{ name: "My listings", query: `agent=${MINE}` }] as const;

/** The address that opens `query` on this page, whole, for a link or the share sheet. */
const linkTo = (basePath: string, query: string) => `${window.location.origin}${basePath}${query ? `?${query}` : ""}`;

/** Shares the link through the phone's share sheet where there is one, else copies it. */
async function shareLink(name: string, url: string) {
  if (typeof navigator.share === "function" && window.matchMedia("(pointer: coarse)").matches) {
    try {
      await navigator.share({ title: name, url });
      return;
    } catch (error) {
      if ((error as DOMException).name === "AbortError") return;
    }
  }
  if (await copyText(url)) toastSuccess("Link copied to clipboard");
  else toastError("Failed to copy to clipboard", url);
}

/**
 * The view menu beside the search: my views and the team's,
 * open one, save the current one, make one my default, lock a team view (admins), share a link.
 */
export function ViewMenu({ basePath, query, onOpen, className }: ViewMenuProps) {
  const { user } = useUser();
  const views = useSavedViews().data ?? [];
  const update = useUpdateView();
  const remove = useDeleteView();
  const [saving, setSaving] = useState(false);
  const isAdmin = user?.isAdmin ?? false;
  const mayChange = (v: SavedView) => (v.scope === "personal" ? v.ownerId === user?.id : !v.locked || isAdmin);

  const group = (label: string, list: SavedView[]) =>
    list.length === 0 ? null : (
      <>
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        {list.map((v) => (
          <div key={v.id} className="flex items-center" data-testid="saved-view">
            <DropdownMenuItem
              className="min-w-0 flex-1"
              aria-label={`Open ${v.name}${v.locked ? " (locked)" : ""}${v.isDefault ? " (default)" : ""}`}
              onSelect={() => onOpen(v.query)}
            >
              {v.locked ? <Lock aria-hidden /> : <Bookmark aria-hidden />}
              <span className="truncate">{v.name}</span>
              {v.isDefault ? <span className="ml-auto text-xs text-muted-foreground">Default</span> : null}
            </DropdownMenuItem>
            <DropdownMenuItem aria-label={`Copy link to ${v.name}`} onSelect={() => void shareLink(v.name, linkTo(basePath, v.query))}>
              <Link2 aria-hidden />
            </DropdownMenuItem>
            <DropdownMenuItem
              aria-label={v.isDefault ? `Stop using ${v.name} as default` : `Make ${v.name} the default`}
              onSelect={() => update.mutate({ id: v.id, isDefault: !v.isDefault })}
            >
              <Star aria-hidden className={v.isDefault ? "fill-current" : undefined} />
            </DropdownMenuItem>
            {isAdmin && v.scope === "team" ? (
              <DropdownMenuItem aria-label={v.locked ? `Unlock ${v.name}` : `Lock ${v.name}`} onSelect={() => update.mutate({ id: v.id, locked: !v.locked })}>
                {v.locked ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
              </DropdownMenuItem>
            ) : null}
            {mayChange(v) ? (
              <DropdownMenuItem destructive aria-label={`Delete ${v.name}`} onSelect={() => remove.mutate(v.id)}>
                <Trash2 aria-hidden />
              </DropdownMenuItem>
            ) : null}
          </div>
        ))}
      </>
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" className={cn("shrink-0", className)} aria-label="Views">
            <Bookmark aria-hidden /> <span className="max-sm:sr-only">Views</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
          <DropdownMenuLabel>Built in</DropdownMenuLabel>
          {BUILT_IN_VIEWS.map((v) => (
            <DropdownMenuItem key={v.name} aria-label={`Open ${v.name}`} data-testid="built-in-view" onSelect={() => onOpen(v.query)}>
              <UserRound aria-hidden /> {v.name}
            </DropdownMenuItem>
          ))}
          {group("My views", views.filter((v) => v.scope === "personal"))}
          {group("Team views", views.filter((v) => v.scope === "team"))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSaving(true)}>
            <Plus aria-hidden /> Save view…
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void shareLink("Listings", linkTo(basePath, query))}>
            <Link2 aria-hidden /> Copy link to this view
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SaveViewDialog open={saving} onOpenChange={setSaving} query={query} />
    </>
  );
}
