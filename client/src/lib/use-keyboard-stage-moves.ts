// Moving a card between a board's stage columns from the keyboard, shared by the deal board and
// the prospect board: on the card's handle Space or Enter
// picks it up, the left and right arrows choose the column (one stage per press), Space or Enter
// drops it there, Escape puts it back. Kept apart from dnd-kit's keyboard sensor, whose pixel
// moves meet a board's sideways scroll. `announcement` is for a live region.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

/** The stage an arrow key leads to from `stage`: the next or previous column, staying at the ends. */
export function stepThrough<Stage>(stages: readonly Stage[], stage: Stage, step: 1 | -1): Stage {
  const at = stages.indexOf(stage);
  return stages[Math.min(stages.length - 1, Math.max(0, at + step))]!;
}

export interface KeyboardStageMoves<Item, Stage extends string> {
  stages: readonly Stage[];
  idOf(item: Item): string;
  nameOf(item: Item): string;
  stageOf(item: Item): Stage;
  stageLabel(stage: Stage): string;
  move(item: Item, stage: Stage): void;
  /** The CSS selector of the item's handle once it shows in `stage`: focus follows it there. */
  handleIn(id: string, stage: Stage): string;
}

/** Focus follows a dropped card to its new column (a few frames: the move shows once the state has it). */
function focusWhenShown(selector: string, frames = 10) {
  requestAnimationFrame(() => {
    const handle = document.querySelector<HTMLElement>(selector);
    if (handle) handle.focus();
    else if (frames > 1) focusWhenShown(selector, frames - 1);
  });
}

export function useKeyboardStageMoves<Item, Stage extends string>(options: KeyboardStageMoves<Item, Stage>) {
  const [current, setCurrent] = useState<{ item: Item; target: Stage } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // The key handler is handed to every card once; it reads the move in progress and the options from here.
  const currentRef = useRef<{ item: Item; target: Stage } | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const set = useCallback((next: { item: Item; target: Stage } | null, said: string) => {
    currentRef.current = next;
    setCurrent(next);
    setAnnouncement(said);
  }, []);

  const onKey = useCallback(
    (item: Item, key: string): boolean => {
      const o = optionsRef.current;
      const id = o.idOf(item);
      const held = currentRef.current && o.idOf(currentRef.current.item) === id ? currentRef.current : null;
      const name = o.nameOf(item);
      const from = o.stageLabel(o.stageOf(item));
      if (!held) {
        if (key !== " " && key !== "Enter") return false;
        set({ item, target: o.stageOf(item) }, `Picked up ${name}, in ${from}. Left and right arrows choose the stage.`);
        return true;
      }
      if (key === "ArrowRight" || key === "ArrowLeft") {
        const target = stepThrough(o.stages, held.target, key === "ArrowRight" ? 1 : -1);
        set({ item, target }, `${name} is over ${o.stageLabel(target)}.`);
        return true;
      }
      if (key === " " || key === "Enter") {
        set(null, held.target === o.stageOf(item) ? `${name} stays in ${from}.` : `${name} moved to ${o.stageLabel(held.target)}.`);
        o.move(item, held.target);
        focusWhenShown(o.handleIn(id, held.target));
        return true;
      }
      if (key === "Escape") {
        set(null, `Moving cancelled; ${name} stays in ${from}.`);
        return true;
      }
      return false;
    },
    [set],
  );

  const heldId = current ? options.idOf(current.item) : null;
  return useMemo(() => ({ heldId, target: current?.target ?? null, announcement, onKey }), [heldId, current, announcement, onKey]);
}
