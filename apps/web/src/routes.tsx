import { PRODUCT_NAME, PRODUCT_SLUG } from '@keel/domain';
import { isValidElement, type ReactNode } from 'react';
import { matchPath, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from './features/auth/LoginPage';
import { ApplyGate } from './features/banking/apply/ApplyGate';
import { PROVIDER_ACCOUNT_TYPE } from './features/transactions/providerAccountType';
import { getAccessToken } from './lib/authToken';
import { isLazyPage, lazyPage } from './lib/lazyPage';
import { FeatureGate } from './shell/FeatureGate';
import { RootLayout } from './shell/RootLayout';
import { NotFoundPage, RouteErrorPage } from './shell/RouteErrorPage';

// Each page is its own chunk, so the sign-in pages do not download the signed-in app. The sign-in
// page, the first page of most visits, comes with the entry: one file, no second round trip (the
// libraries it needs, Mantine's inputs, react-hook-form and zod, the signed-in pages need too).
const SignupPage = lazyPage(() => import('./features/auth/SignupPage').then((m) => m.SignupPage));
const LogoutPage = lazyPage(() => import('./features/auth/LogoutPage').then((m) => m.LogoutPage));
const PasswordResetPage = lazyPage(() =>
  import('./features/auth/PasswordResetPage').then((m) => m.PasswordResetPage),
);
const PasswordLinkSentPage = lazyPage(() =>
  import('./features/auth/PasswordLinkSentPage').then((m) => m.PasswordLinkSentPage),
);
const PasswordUpdatePage = lazyPage(() =>
  import('./features/auth/PasswordUpdatePage').then((m) => m.PasswordUpdatePage),
);
const EmailVerificationPage = lazyPage(() =>
  import('./features/auth/EmailVerificationPage').then((m) => m.EmailVerificationPage),
);
const AppShellLayout = lazyPage(() => import('./shell/AppShellLayout').then((m) => m.AppShellLayout));
const FinancialReportPage = lazyPage(() =>
  import('./features/financial/FinancialReportPage').then((m) => m.FinancialReportPage),
);
const TransactionsPage = lazyPage(() =>
  import('./features/transactions/TransactionsPage').then((m) => m.TransactionsPage),
);
const ModelsPage = lazyPage(() => import('./features/models/ModelsPage').then((m) => m.ModelsPage));
const HiringPlanPage = lazyPage(() =>
  import('./features/hiring/HiringPlanPage').then((m) => m.HiringPlanPage),
);
const DashboardPage = lazyPage(() =>
  import('./features/dashboard/DashboardPage').then((m) => m.DashboardPage),
);
const CardsPage = lazyPage(() => import('./features/cards/CardsPage').then((m) => m.CardsPage));
const ProfilePage = lazyPage(() =>
  import('./features/settings/profile/ProfilePage').then((m) => m.ProfilePage),
);
const TeamPage = lazyPage(() => import('./features/settings/team/TeamPage').then((m) => m.TeamPage));
const MemberPage = lazyPage(() => import('./features/settings/team/MemberPage').then((m) => m.MemberPage));
const SecurityPage = lazyPage(() =>
  import('./features/settings/security/SecurityPage').then((m) => m.SecurityPage),
);
const BillingPage = lazyPage(() =>
  import('./features/settings/billing/BillingPage').then((m) => m.BillingPage),
);
const LegalPage = lazyPage(() => import('./features/legal/LegalPage').then((m) => m.LegalPage));
const DisclosuresPage = lazyPage(() =>
  import('./features/legal/DisclosuresPage').then((m) => m.DisclosuresPage),
);
const DataPrivacyPage = lazyPage(() =>
  import('./features/legal/DataPrivacyPage').then((m) => m.DataPrivacyPage),
);
const KeelCheckingPage = lazyPage(() =>
  import('./features/banking/KeelCheckingPage').then((m) => m.KeelCheckingPage),
);
const ApplyPage = lazyPage(() => import('./features/banking/apply/ApplyPage').then((m) => m.ApplyPage));
const ApplyIntroPage = lazyPage(() =>
  import('./features/banking/apply/ApplyIntroPage').then((m) => m.ApplyIntroPage),
);
const DocumentsPage = lazyPage(() =>
  import('./features/documents/DocumentsPage').then((m) => m.DocumentsPage),
);
const AccountsLayout = lazyPage(() =>
  import('./features/bankAccounts/AccountsLayout').then((m) => m.AccountsLayout),
);
const DepositAccountsTab = lazyPage(() =>
  import('./features/bankAccounts/DepositAccountsTab').then((m) => m.DepositAccountsTab),
);
const AccountsOverviewTab = lazyPage(() =>
  import('./features/bankAccounts/AccountsOverviewTab').then((m) => m.AccountsOverviewTab),
);
const LinkedAccountsTab = lazyPage(() =>
  import('./features/bankAccounts/LinkedAccountsTab').then((m) => m.LinkedAccountsTab),
);
const IntegrationsPage = lazyPage(() =>
  import('./features/settings/integrations/IntegrationsPage').then((m) => m.IntegrationsPage),
);
const PlaidOauthPage = lazyPage(() =>
  import('./features/linking/PlaidOauthPage').then((m) => m.PlaidOauthPage),
);
const MoneykitOauthPage = lazyPage(() =>
  import('./features/linking/MoneykitOauthPage').then((m) => m.MoneykitOauthPage),
);

/** Every route of spec §2. Unknown paths show the 'Oops!' page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/password/reset', element: <PasswordResetPage /> },
      { path: '/password/link/sent', element: <PasswordLinkSentPage /> },
      { path: '/password/update', element: <PasswordUpdatePage /> },
      // Ours: the emailed link that confirms a new account's address (the spec has no confirmation).
      { path: '/email/verify', element: <EmailVerificationPage /> },
      { path: '/legal', element: <LegalPage /> },
      { path: '/legal/disclosures', element: <DisclosuresPage /> },
      { path: '/legal/data-privacy', element: <DataPrivacyPage /> },
      // The bank-link return pages (spec §2): public, since a bank's OAuth sign-in may open a new tab.
      { path: '/plaid-oauth', element: <PlaidOauthPage /> },
      { path: '/moneykit-oauth', element: <MoneykitOauthPage /> },
      // Public (spec §2): the application inside the shell when signed in, else a page leading to sign in.
      {
        path: '/apply',
        element: <ApplyGate signedIn={<AppShellLayout />} signedOut={<ApplyIntroPage />} />,
        children: [
          {
            index: true,
            element: (
              <FeatureGate feature="banking" title={`Open a ${PRODUCT_NAME} Account`}>
                <ApplyPage />
              </FeatureGate>
            ),
          },
        ],
      },
      {
        element: <AppShellLayout />,
        children: [
          { path: '/home', element: <Navigate to="/financial" replace /> },
          { path: '/financial', element: <FinancialReportPage /> },
          { path: '/reports/:id', element: <FinancialReportPage /> },
          { path: '/transactions', element: <TransactionsPage key="all" title="Transactions" /> },
          {
            path: `/${PRODUCT_SLUG}-transactions`,
            element: (
              <FeatureGate feature="banking" title={`${PRODUCT_NAME} Transactions`}>
                <TransactionsPage
                  key="provider"
                  title={`${PRODUCT_NAME} Transactions`}
                  accountTypeFilter={PROVIDER_ACCOUNT_TYPE}
                />
              </FeatureGate>
            ),
          },
          {
            path: '/cards',
            element: (
              <FeatureGate feature="banking" title="Cards">
                <CardsPage />
              </FeatureGate>
            ),
          },
          {
            path: '/documents',
            element: (
              <FeatureGate feature="banking" title="Documents">
                <DocumentsPage />
              </FeatureGate>
            ),
          },
          {
            path: `/${PRODUCT_SLUG}-checking`,
            element: (
              <FeatureGate feature="banking" title={`${PRODUCT_NAME} Accounts`}>
                <KeelCheckingPage />
              </FeatureGate>
            ),
          },
          { path: '/models', element: <ModelsPage /> },
          { path: '/models/:id', element: <ModelsPage /> },
          { path: '/hiring-plan', element: <HiringPlanPage /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/settings', element: <ProfilePage /> },
          { path: '/settings/team', element: <TeamPage /> },
          { path: '/settings/team/member', element: <MemberPage /> },
          { path: '/settings/security', element: <SecurityPage /> },
          {
            path: '/settings/billing',
            element: (
              <FeatureGate feature="payments" title="Billing Details">
                <BillingPage />
              </FeatureGate>
            ),
          },
          { path: '/settings/integrations', element: <IntegrationsPage /> },
          {
            element: <AccountsLayout />,
            children: [
              { path: '/accounts', element: <AccountsOverviewTab /> },
              { path: '/accounts/linked', element: <LinkedAccountsTab /> },
              {
                path: `/accounts/${PRODUCT_SLUG}`,
                element: (
                  <FeatureGate feature="banking" title={`${PRODUCT_NAME} Accounts`} heading={false}>
                    <DepositAccountsTab />
                  </FeatureGate>
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The component a route shows: its element's, or, behind a FeatureGate, the gated page's. */
function pageComponentOf(element: ReactNode): unknown {
  if (!isValidElement<{ children?: ReactNode }>(element)) return null;
  return element.type === FeatureGate ? pageComponentOf(element.props.children) : element.type;
}

/** The Financial Report's paths: a first load of one prefetches its queries (prefetchFinancialReport). */
const REPORT_PATHS = ['/financial', '/reports/:id'];

/**
 * Starts what the first page waits for, before React renders anything: the chunks of every lazy page
 * on its route (for a signed-in page, the shell and the page) side by side instead of one after the
 * other, and for the Financial Report its queries, so the data is on its way while the code loads.
 */
export function preloadRoute(pathname: string) {
  const signedIn = getAccessToken() !== null;
  const pages = (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => pageComponentOf(route.element))
    .filter(isLazyPage);
  // A signed-out visitor to a signed-in page is sent to /login: that page's code would be wasted.
  if (!signedIn && pages.includes(AppShellLayout)) return;
  for (const page of pages) page.preload();
  if (!signedIn) return;
  for (const path of REPORT_PATHS) {
    const match = matchPath(path, pathname);
    if (!match) continue;
    import('./features/financial/prefetchFinancialReport')
      .then(({ prefetchFinancialReport }) => prefetchFinancialReport(pathname, match.params.id ?? null))
      .catch(() => undefined);
    return;
  }
}
