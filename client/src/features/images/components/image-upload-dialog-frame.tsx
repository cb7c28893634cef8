import type { ReactNode, RefObject } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { IMAGE_RULES_NOTE } from "@shared/constants";
import { useCoarsePointer } from "../hooks/use-coarse-pointer";

interface ImageUploadDialogFrameProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button that opened the dialog: focus goes back to it on close (it is no Radix trigger). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Several files at once (a gallery): the title and the rules say so. */
  multiple?: boolean;
  children: ReactNode;
}

/**
 * The upload dialog's window, shared by the real dialog and its loading stand-in so the two
 * look the same. Spec §9: 750 × 550 by default; phones get the whole screen.
 */
export function ImageUploadDialogFrame({ open, onOpenChange, returnFocusRef, multiple, children }: ImageUploadDialogFrameProps) {
  const coarse = useCoarsePointer();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="image-upload-dialog"
        onCloseAutoFocus={(event) => {
          if (!returnFocusRef?.current) return;
          event.preventDefault();
          returnFocusRef.current.focus();
        }}
        className="flex h-[550px] w-[750px] max-w-[calc(100vw-2rem)] flex-col gap-0 overflow-hidden p-0 max-sm:inset-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-screen max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0 max-sm:data-[state=closed]:animate-fade-out max-sm:data-[state=open]:animate-fade-in"
      >
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>{multiple ? "Upload Photos" : "Upload Image"}</DialogTitle>
          <DialogDescription>
            {coarse ? `Take a photo or choose ${multiple ? "several" : "one"}.` : `Choose ${multiple ? "files" : "a file"}, drop ${multiple ? "them" : "it"} here or paste from the clipboard.`}{" "}
            {multiple ? "JPEG, PNG, WebP, GIF or AVIF images, up to 10 MB each" : IMAGE_RULES_NOTE}.
          </DialogDescription>
        </DialogHeader>
        <div className="flex min-h-0 flex-1 flex-col p-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:p-4">
          {children}
        </div>
      </DialogContent>
    </Dialog>
  );
}
