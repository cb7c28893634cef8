import { useId, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { insertMention, mentionQueryAt } from "@shared/mentions";
import { Textarea } from "@/components/ui/textarea";
import { mentionPickerState } from "../lib/mention-picker-state";
import { MentionPicker, mentionOptionId } from "./mention-picker";

interface MentionTextareaProps extends Omit<ComponentProps<"textarea">, "value" | "onChange"> {
  value: string;
  onValueChange(value: string): void;
  /** The people who can be mentioned. */
  usernames: readonly string[];
}

/**
 * A textarea that offers teammates' names after "@" (spec §5): at the start or after
 * whitespace, with no space after it. Arrows move, Enter or Tab picks, Escape closes.
 */
export function MentionTextarea({ value, onValueChange, usernames, onKeyDown, ref, ...props }: MentionTextareaProps) {
  const listboxId = useId();
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  // The @ whose list the person closed with Escape: it stays closed until another @ is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [highlight, setHighlight] = useState({ query: "", index: 0 });
  // Where the caret goes once the text with a picked name is on screen.
  const pendingCaret = useRef<number | null>(null);

  // Before the browser paints (and before the next keystroke lands), never at the text's end.
  useLayoutEffect(() => {
    const element = textareaRef.current;
    if (pendingCaret.current === null || !element || element.value !== value) return;
    element.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const { open, active, options, activeIndex } = mentionPickerState({ text: value, caret, usernames, dismissedAt, highlight });

  const syncCaret = (element: HTMLTextAreaElement) => {
    const at = element.selectionStart === element.selectionEnd ? element.selectionStart : null;
    setCaret(at);
    const next = at === null ? null : mentionQueryAt(element.value, at);
    if (next?.start !== dismissedAt) setDismissedAt(null);
  };

  const pick = (username: string) => {
    if (caret === null) return;
    const result = insertMention(value, caret, username);
    if (!result) return;
    pendingCaret.current = result.caret;
    onValueChange(result.text);
    setCaret(result.caret);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && !event.nativeEvent.isComposing) {
      const move = (step: number) => {
        event.preventDefault();
        setHighlight({ query: active.query, index: (activeIndex + step + options.length) % options.length });
      };
      if (event.key === "ArrowDown") return move(1);
      if (event.key === "ArrowUp") return move(-1);
      if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        return pick(options[activeIndex]);
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissedAt(active.start);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <MentionPicker
      listboxId={listboxId}
      open={open}
      options={options}
      activeIndex={activeIndex}
      onActiveIndexChange={(index) => active && setHighlight({ query: active.query, index })}
      onPick={pick}
      onDismiss={() => active && setDismissedAt(active.start)}
      isAnchorTarget={(target) => target === textareaRef.current}
      anchor={
        <Textarea
          {...props}
          ref={(element) => {
            textareaRef.current = element;
            if (typeof ref === "function") ref(element);
            else if (ref) ref.current = element;
          }}
          value={value}
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={open ? mentionOptionId(listboxId, activeIndex) : undefined}
          onChange={(event) => {
            onValueChange(event.target.value);
            syncCaret(event.target);
          }}
          onSelect={(event) => syncCaret(event.currentTarget)}
          onKeyDown={handleKeyDown}
        />
      }
    />
  );
}
