import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toastError } from "@/components/ui/use-toast";
import { copyText } from "@/lib/clipboard";

// Spec §9: "Copied!" shows for 2 seconds.
const COPIED_MS = 2000;

export function CopyPostButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(text))) {
      toastError("Failed to copy to clipboard");
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label={copied ? "Copied!" : label} className="h-7 px-2">
      {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? "Copied!" : "Copy"}</span>
    </Button>
  );
}
