import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { insertWishSchema, LIMITS } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { WishItem } from "../api/get-wishes";
import { useUpdateWish } from "../api/update-wish";

type WishValues = z.input<typeof insertWishSchema>;

interface EditWishDialogProps {
  wish: WishItem;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Admins correct a wish's title or description. */
export function EditWishDialog({ wish, open, onOpenChange }: EditWishDialogProps) {
  const updateWish = useUpdateWish();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<WishValues, unknown, z.output<typeof insertWishSchema>>({
    resolver: zodResolver(insertWishSchema),
    defaultValues: { title: wish.title, description: wish.description },
  });

  // Every opening starts from the wish as it is now.
  useEffect(() => {
    if (open) reset({ title: wish.title, description: wish.description });
  }, [open, wish.title, wish.description, reset]);

  const onSubmit = handleSubmit((changes) =>
    updateWish.mutate({ id: wish.id, changes }, { onSuccess: () => onOpenChange(false) }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <form className="grid gap-5" noValidate onSubmit={onSubmit}>
          <DialogHeader>
            <DialogTitle>Edit wish</DialogTitle>
            <DialogDescription>Submitted by {wish.username}.</DialogDescription>
          </DialogHeader>
          <FormField label="Title" required error={errors.title?.message}>
            <Input maxLength={LIMITS.wishTitle} autoComplete="off" {...register("title")} />
          </FormField>
          <FormField label="Description" required error={errors.description?.message}>
            <Textarea rows={5} maxLength={LIMITS.wishDescription} className="resize-y" {...register("description")} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={updateWish.isPending}>
              {updateWish.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
