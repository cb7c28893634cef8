import { Suspense, type ComponentType } from "react";
import { Route, Switch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { AppLayout } from "./layout/app-layout";
import { lazyPage } from "./lazy-page";
import { GuestOnlyRoute, ProtectedRoute } from "./protected-route";

const AuthPage = lazyPage(() => import("@/features/auth/components/auth-page"), "AuthPage");
const ActiveListingsPage = lazyPage(
  () => import("@/features/listings/components/active-listings-page"),
  "ActiveListingsPage",
);
const NotInUsePage = lazyPage(() => import("@/features/listings/components/not-in-use-page"), "NotInUsePage");
const ListingPage = lazyPage(() => import("@/features/listings/components/listing-page"), "ListingPage");
const RoomPage = lazyPage(() => import("@/features/deal-room/components/room-page"), "RoomPage");
const DealBoardPage = lazyPage(() => import("@/features/listings/components/deal-board-page"), "DealBoardPage");
const AgentsPage = lazyPage(() => import("@/features/agents/components/agents-page"), "AgentsPage");
const WishlistPage = lazyPage(() => import("@/features/wishes/components/wishlist-page"), "WishlistPage");
const TeamPage = lazyPage(() => import("@/features/team/components/team-page"), "TeamPage");
const AccountPage = lazyPage(() => import("@/features/account/components/account-page"), "AccountPage");
const AuditLogPage = lazyPage(() => import("@/features/audit/components/audit-log-page"), "AuditLogPage");
const ImportsPage = lazyPage(() => import("@/features/imports/components/imports-page"), "ImportsPage");
const ImportWizardPage = lazyPage(() => import("@/features/imports/components/import-wizard-page"), "ImportWizardPage");
const LeadsPage = lazyPage(() => import("@/features/leads/components/leads-page"), "LeadsPage");
const ContactsPage = lazyPage(() => import("@/features/contacts/components/contacts-page"), "ContactsPage");
const CampaignsPage = lazyPage(() => import("@/features/campaigns/components/campaigns-page"), "CampaignsPage");
const NewCampaignPage = lazyPage(() => import("@/features/campaigns/components/new-campaign-page"), "NewCampaignPage");
const CampaignPage = lazyPage(() => import("@/features/campaigns/components/campaign-page"), "CampaignPage");
const LeadPage = lazyPage(() => import("@/features/leads/components/lead-page"), "LeadPage");
const SettingsPage = lazyPage(() => import("@/features/settings/components/settings-page"), "SettingsPage");
const NotFoundPage = lazyPage(() => import("./not-found-page"), "NotFoundPage");

/**
 * Every signed-in screen renders through this one element type, so React keeps the layout
 * (sidebar, drawer state) mounted while only the page inside it changes.
 */
function SignedInPage({ page: Page }: { page: ComponentType }) {
  return (
    <ProtectedRoute>
      <AppLayout>
        <Suspense fallback={<PageSpinner fill="content" />}>
          <Page />
        </Suspense>
      </AppLayout>
    </ProtectedRoute>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/auth">
        <GuestOnlyRoute>
          <Suspense fallback={<PageSpinner />}>
            <AuthPage />
          </Suspense>
        </GuestOnlyRoute>
      </Route>
      <Route path="/">
        <SignedInPage page={ActiveListingsPage} />
      </Route>
      <Route path="/not-in-use">
        <SignedInPage page={NotInUsePage} />
      </Route>
      <Route path="/listings/:id/room">
        <SignedInPage page={RoomPage} />
      </Route>
      <Route path="/listings/:id">
        <SignedInPage page={ListingPage} />
      </Route>
      <Route path="/pipeline">
        <SignedInPage page={DealBoardPage} />
      </Route>
      <Route path="/agents">
        <SignedInPage page={AgentsPage} />
      </Route>
      <Route path="/wishlist">
        <SignedInPage page={WishlistPage} />
      </Route>
      <Route path="/leads">
        <SignedInPage page={LeadsPage} />
      </Route>
      <Route path="/contacts">
        <SignedInPage page={ContactsPage} />
      </Route>
      <Route path="/campaigns">
        <SignedInPage page={CampaignsPage} />
      </Route>
      <Route path="/campaigns/new">
        <SignedInPage page={NewCampaignPage} />
      </Route>
      <Route path="/campaigns/:id">
        <SignedInPage page={CampaignPage} />
      </Route>
      <Route path="/leads/:id">
        <SignedInPage page={LeadPage} />
      </Route>
      <Route path="/team">
        <SignedInPage page={TeamPage} />
      </Route>
      <Route path="/audit">
        <SignedInPage page={AuditLogPage} />
      </Route>
      <Route path="/imports">
        <SignedInPage page={ImportsPage} />
      </Route>
      <Route path="/imports/new">
        <SignedInPage page={ImportWizardPage} />
      </Route>
      <Route path="/settings">
        <SignedInPage page={SettingsPage} />
      </Route>
      <Route path="/account">
        <SignedInPage page={AccountPage} />
      </Route>
      <Route>
        <Suspense fallback={<PageSpinner />}>
          <NotFoundPage />
        </Suspense>
      </Route>
    </Switch>
  );
}
