import { PageHeader } from "@/components/ui/page-header";

export function WishlistPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Wishlist for App" description="Ideas and requests for making this app better." />
      {/* The wish form and list belong here (Wishlist issue). */}
    </div>
  );
}
