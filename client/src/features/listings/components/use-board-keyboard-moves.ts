import { useCallback, useMemo, useRef, useState } from "react";
import type { ListingSummary } from "../api/listing-types";
import { boardStageLabel, boardStageOf, type BoardStage } from "../lib/deal-board";
import { stepStage } from "../lib/deal-board-dnd";

/**
 * Focus follows a dropped card to its new column (a few frames: the move shows once the cache
 * has been patched), so the next key press still reaches it.
 */
function focusHandleIn(id: string, stage: BoardStage, frames = 10) {
  requestAnimationFrame(() => {
    const handle = document.querySelector<HTMLElement>(
      `[data-testid='board-column'][data-stage='${stage}'] [data-listing-id='${id}'] [data-testid='board-card-handle']`,
    );
    if (handle) handle.focus();
    else if (frames > 1) focusHandleIn(id, stage, frames - 1);
  });
}

interface KeyboardMove {
  listing: ListingSummary;
  target: BoardStage;
}

/**
 * Moving a card from the keyboard, on its handle: Space or Enter picks it up, the left and right
 * arrows choose the column (one stage per press), Space or Enter drops it there, Escape puts it
 * back. Kept apart from dnd-kit's keyboard sensor, whose pixel moves meet the board's sideways
 * scroll (docs/decisions/295-deal-board-moves.md). `announcement` is for a live region.
 */
export function useBoardKeyboardMoves(move: (listing: ListingSummary, stage: BoardStage) => void) {
  const [current, setCurrent] = useState<KeyboardMove | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // The key handler is handed to every card once; it reads the move in progress from here.
  const currentRef = useRef<KeyboardMove | null>(null);
  const set = useCallback((next: KeyboardMove | null, said: string) => {
    currentRef.current = next;
    setCurrent(next);
    setAnnouncement(said);
  }, []);

  const onKey = useCallback(
    (listing: ListingSummary, key: string): boolean => {
      const held = currentRef.current?.listing.id === listing.id ? currentRef.current : null;
      const name = listing.listingName;
      const from = boardStageLabel(boardStageOf(listing));
      if (!held) {
        if (key !== " " && key !== "Enter") return false;
        set({ listing, target: boardStageOf(listing) }, `Picked up ${name}, in ${from}. Left and right arrows choose the stage.`);
        return true;
      }
      if (key === "ArrowRight" || key === "ArrowLeft") {
        const target = stepStage(held.target, key === "ArrowRight" ? 1 : -1);
        set({ listing, target }, `${name} is over ${boardStageLabel(target)}.`);
        return true;
      }
      if (key === " " || key === "Enter") {
        set(null, held.target === boardStageOf(listing) ? `${name} stays in ${from}.` : `${name} moved to ${boardStageLabel(held.target)}.`);
        move(listing, held.target);
        focusHandleIn(listing.id, held.target);
        return true;
      }
      if (key === "Escape") {
        set(null, `Moving cancelled; ${name} stays in ${from}.`);
        return true;
      }
      return false;
    },
    [move, set],
  );

  return useMemo(() => ({ heldId: current?.listing.id ?? null, target: current?.target ?? null, announcement, onKey }), [current, announcement, onKey]);
}
