import { Lightbulb, TriangleAlert } from "lucide-react";
import { Card } from "@/components/ui/card";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/features/auth/api/get-user";
import { useWishes } from "../api/get-wishes";
import { WishCard } from "./wish-card";
import { WishForm } from "./wish-form";

function WishList({ isAdmin }: { isAdmin: boolean }) {
  const wishes = useWishes();

  if (wishes.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading wishes">
        {Array.from({ length: 3 }, (_, i) => (
          <Card key={i} className="grid gap-3 p-5">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-1/3" />
          </Card>
        ))}
      </div>
    );
  }

  if (wishes.isError) {
    return (
      <LoadFailed
        icon={TriangleAlert}
        title="Failed to load wishes"
        error={wishes.error}
        onRetry={() => void wishes.refetch()}
      />
    );
  }

  if (wishes.data.length === 0) {
    return <EmptyState icon={Lightbulb} title="No wishes yet" description="Be the first to suggest an improvement to the app." />;
  }

  return (
    <section className="grid gap-3" aria-labelledby="wishes-heading">
      <h2 id="wishes-heading" className="text-sm font-medium text-muted-foreground">
        {wishes.data.length} {wishes.data.length === 1 ? "wish" : "wishes"}
      </h2>
      <ul className="grid gap-3">
        {wishes.data.map((wish) => (
          <li key={wish.id}>
            <WishCard wish={wish} isAdmin={isAdmin} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WishlistPage() {
  const { user } = useUser();
  return (
    <div className="grid gap-6">
      <PageHeader title="Wishlist for App" description="Ideas and requests for making this app better." />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="lg:sticky lg:top-10 lg:order-2">
          <WishForm />
        </div>
        <div className="min-w-0 lg:order-1">
          <WishList isAdmin={user?.isAdmin ?? false} />
        </div>
      </div>
    </div>
  );
}
