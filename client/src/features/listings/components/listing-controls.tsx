import { MessageSquarePlus, MessageSquareText, Star } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { cx } from "@/lib/cx";

// Made once: React skips an element it has already rendered, so a card that shows
// another listing does not render its icons again.
const STAR = <Star aria-hidden className="size-4" />;
const STAR_FILLED = <Star aria-hidden className="size-4 fill-current" />;
const ADD_NOTE = <MessageSquarePlus aria-hidden />;
const VIEW_NOTES = <MessageSquareText aria-hidden />;

interface StarButtonProps {
  starred: boolean;
  listingName: string;
  onToggle(): void;
  className?: string;
}

export function StarButton({ starred, listingName, onToggle, className }: StarButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-pressed={starred}
      aria-label={starred ? `Unstar ${listingName}` : `Star ${listingName}`}
      title={starred ? "Unstar" : "Star"}
      onClick={onToggle}
      data-testid="star-toggle"
      className={cx(starred ? "text-amber-500 hover:text-amber-600" : "text-muted-foreground hover:text-foreground", className)}
    >
      {starred ? STAR_FILLED : STAR}
    </Button>
  );
}

interface ActiveSwitchProps {
  active: boolean;
  listingName: string;
  onToggle(): void;
  className?: string;
}

/**
 * The folder switch: on is Active Listings, off is Not In Use. Its name stays "Active" whatever
 * the state (screen readers announce on/off); the visible word shows the state.
 */
export function ActiveSwitch({ active, listingName, onToggle, className }: ActiveSwitchProps) {
  const id = useId();
  return (
    <div className={cx("flex items-center gap-2", className)}>
      <Switch
        id={id}
        checked={active}
        onCheckedChange={onToggle}
        aria-label={`Active: ${listingName}`}
        data-testid="active-switch"
      />
      <label htmlFor={id} className={cx("text-xs font-medium", active ? "text-success" : "text-muted-foreground")}>
        {active ? "Active" : "Inactive"}
      </label>
    </div>
  );
}

interface NoteButtonsProps {
  noteCount: number;
  onAddNote(): void;
  onViewNotes(): void;
}

export function NoteButtons({ noteCount, onAddNote, onViewNotes }: NoteButtonsProps) {
  return (
    <>
      <Button variant="ghost" size="icon-sm" aria-label="Add Note" title="Add Note" onClick={onAddNote}>
        {ADD_NOTE}
      </Button>
      <Button variant="ghost" size="icon-sm" title="View Notes" onClick={onViewNotes} className="relative">
        {VIEW_NOTES}
        <span className="sr-only">
          View Notes{noteCount > 0 ? ` (${noteCount === 1 ? "1 note" : `${noteCount} notes`})` : ""}
        </span>
        {noteCount > 0 ? (
          <span
            aria-hidden
            className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] font-semibold leading-4 text-primary-foreground"
          >
            {noteCount > 99 ? "99+" : noteCount}
          </span>
        ) : null}
      </Button>
    </>
  );
}
