import { mentionSegments } from "@shared/mentions";
import { cn } from "@/lib/cn";

interface NoteTextProps {
  content: string;
  usernames: readonly string[];
  /** The signed-in user's name: mentions of them stand out more. */
  me?: string;
}

/** A note's words with @mentions of real teammates picked out; plain text, never HTML. */
export function NoteText({ content, usernames, me }: NoteTextProps) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-foreground">
      {mentionSegments(content, usernames).map((segment, i) =>
        segment.mention ? (
          <span
            key={i}
            data-mention={segment.mention}
            className={cn(
              "rounded px-0.5 font-medium text-primary",
              segment.mention === me ? "bg-primary/15" : "bg-primary/[0.07]",
            )}
          >
            {segment.text}
          </span>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}
