import { Popover as PopoverPrimitive } from "radix-ui";
import { useEffect, useRef, type ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";

export const mentionOptionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`;

interface MentionPickerProps {
  /** The textarea the list hangs under; it keeps focus while the list is open. */
  anchor: ReactNode;
  listboxId: string;
  open: boolean;
  options: string[];
  activeIndex: number;
  onActiveIndexChange(index: number): void;
  onPick(username: string): void;
  onDismiss(): void;
  isAnchorTarget(target: EventTarget | null): boolean;
}

/**
 * The @mention suggestions: a listbox in a non-modal popover. Focus never leaves the textarea
 * (it points at the highlighted option with aria-activedescendant); being the topmost layer, the
 * popover takes Escape for itself, so Escape closes the list and not the dialog around it.
 */
export function MentionPicker({
  anchor,
  listboxId,
  open,
  options,
  activeIndex,
  onActiveIndexChange,
  onPick,
  onDismiss,
  isAnchorTarget,
}: MentionPickerProps) {
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`#${CSS.escape(mentionOptionId(listboxId, activeIndex))}`)?.scrollIntoView({ block: "nearest" });
  }, [open, activeIndex, listboxId]);

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={(next) => !next && onDismiss()}>
      <PopoverPrimitive.Anchor asChild>{anchor}</PopoverPrimitive.Anchor>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-label="Mention a teammate"
          side="bottom"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          // Clicking back into the textarea moves the caret; that decides whether the list stays.
          onInteractOutside={(event) => isAnchorTarget(event.target) && event.preventDefault()}
          className="z-50 max-h-56 w-64 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-overlay outline-none data-[state=open]:animate-pop-in"
          data-testid="mention-picker"
        >
          {options.map((username, index) => {
            const active = index === activeIndex;
            return (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- the keyboard picks from the textarea (aria-activedescendant); focus never leaves it
              <div
                key={username}
                id={mentionOptionId(listboxId, index)}
                role="option"
                aria-selected={active}
                // Keep focus (and the caret) in the textarea.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => !active && onActiveIndexChange(index)}
                onClick={() => onPick(username)}
                className={cn(
                  "flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm",
                  active ? "bg-accent text-accent-foreground" : "text-foreground",
                )}
              >
                <Avatar name={username} className="size-6 text-[10px]" />
                <span className="truncate">{username}</span>
              </div>
            );
          })}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
