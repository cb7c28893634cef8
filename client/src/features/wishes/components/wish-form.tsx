import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { insertWishSchema, LIMITS } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useCreateWish } from "../api/create-wish";

type WishValues = z.input<typeof insertWishSchema>;

/** Anyone on the team can suggest an improvement (spec §6). */
export function WishForm() {
  const createWish = useCreateWish();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<WishValues, unknown, z.output<typeof insertWishSchema>>({
    resolver: zodResolver(insertWishSchema),
    defaultValues: { title: "", description: "" },
  });

  const onSubmit = handleSubmit((values) => createWish.mutate(values, { onSuccess: () => reset() }));

  return (
    <Card>
      <CardHeader>
        <h2>Make a wish</h2>
        <CardDescription>What would make this app better for you? Admins read every wish.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={onSubmit} aria-label="Submit a wish">
          <FormField label="Title" required error={errors.title?.message}>
            <Input placeholder="e.g. Filter listings by city" maxLength={LIMITS.wishTitle} autoComplete="off" {...register("title")} />
          </FormField>
          <FormField label="Description" required error={errors.description?.message}>
            <Textarea
              rows={4}
              placeholder="Describe what you need and why it helps."
              maxLength={LIMITS.wishDescription}
              className="resize-y"
              {...register("description")}
            />
          </FormField>
          <Button type="submit" loading={createWish.isPending} className="justify-self-start">
            {createWish.isPending ? null : <Send aria-hidden />}
            {createWish.isPending ? "Submitting..." : "Submit Wish"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
