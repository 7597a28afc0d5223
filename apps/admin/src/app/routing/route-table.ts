import type { Permission } from '@backlay/contract/admin';
import type { PaymentRequestKind } from '@backlay/contract/wallet';
import type { ComponentType } from 'react';
import { paths } from '../../shared/paths';

/** The back office's two layouts: the console with its navigation, and a bare page. */
export type LayoutName = 'shell' | 'bare';

/** A page of the console, loaded in its own chunk on first visit. */
export interface ConsoleRoute {
  /** The route's name; also its id in the router. */
  name: string;
  /** The URL pattern (relative to `/admin`), from the `paths` module. */
  path: string;
  /** Page heading and first half of the document title. */
  title: string;
  /** `public`: open signed out (sign-in, enrolment); `operator`: a signed-in operator. */
  access: 'public' | 'operator';
  /** What the operator's role must allow to open it; null: any signed-in operator. */
  permission: Permission | null;
  layout: LayoutName;
  /** The label of its item in the left navigation; pages without one are reached from others. */
  navLabel?: string;
  /** The heading the navigation lists the item under, with the items after it of the same. */
  navSection?: string;
  /** Payment requests of this kind: the navigation shows how many wait beside the item. */
  navPending?: PaymentRequestKind;
  /** Gateway payments under review: the navigation shows how many wait beside the item. */
  navReviews?: true;
  page: () => Promise<{ default: ComponentType }>;
}

/**
 * Every page of the back office, in the order the navigation lists them; `/admin/` lands on
 * the first an operator may open, so the dashboard comes first.
 */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  {
    name: 'dashboard',
    path: paths.dashboard.path,
    title: 'Dashboard',
    access: 'operator',
    permission: 'dashboard.read',
    layout: 'shell',
    navLabel: 'Dashboard',
    page: () => import('../../features/dashboard/pages/dashboard-page'),
  },
  {
    name: 'online',
    path: paths.online.path,
    title: 'Online players',
    access: 'operator',
    permission: 'dashboard.read',
    layout: 'shell',
    navLabel: 'Online players',
    page: () => import('../../features/dashboard/pages/online-page'),
  },
  {
    name: 'players',
    path: paths.players.path,
    title: 'Players',
    access: 'operator',
    permission: 'players.read',
    layout: 'shell',
    navLabel: 'Players',
    page: () => import('../../features/players/pages/players-page'),
  },
  {
    name: 'player',
    path: paths.player.path,
    title: 'Player',
    access: 'operator',
    permission: 'players.read',
    layout: 'shell',
    page: () => import('../../features/players/pages/player-page'),
  },
  {
    name: 'markets',
    path: paths.markets.path,
    title: 'Markets',
    access: 'operator',
    permission: 'markets.read',
    layout: 'shell',
    navLabel: 'Markets',
    page: () => import('../../features/markets/pages/markets-page'),
  },
  {
    name: 'market',
    path: paths.market.path,
    title: 'Market',
    access: 'operator',
    permission: 'markets.read',
    layout: 'shell',
    page: () => import('../../features/markets/pages/market-page'),
  },
  {
    name: 'deposits',
    path: paths.deposits.path,
    title: 'Deposits',
    access: 'operator',
    permission: 'payments.read',
    layout: 'shell',
    navLabel: 'Deposits',
    navSection: 'Payments',
    navPending: 'DEPOSIT',
    page: () => import('../../features/payments/pages/deposits-page'),
  },
  {
    name: 'withdrawals',
    path: paths.withdrawals.path,
    title: 'Withdrawals',
    access: 'operator',
    permission: 'payments.read',
    layout: 'shell',
    navLabel: 'Withdrawals',
    navSection: 'Payments',
    navPending: 'WITHDRAWAL',
    page: () => import('../../features/payments/pages/withdrawals-page'),
  },
  {
    name: 'payment-reviews',
    path: paths.paymentReviews.path,
    title: 'Gateway reviews',
    access: 'operator',
    permission: 'payments.read',
    layout: 'shell',
    navLabel: 'Gateway reviews',
    navSection: 'Payments',
    navReviews: true,
    page: () => import('../../features/payment-reviews/pages/payment-reviews-page'),
  },
  {
    name: 'payment-settings',
    path: paths.paymentSettings.path,
    title: 'Payment settings',
    access: 'operator',
    permission: 'payments.settings',
    layout: 'shell',
    navLabel: 'Payment settings',
    navSection: 'Payments',
    page: () => import('../../features/payments/pages/payment-settings-page'),
  },
  {
    name: 'adjustments',
    path: paths.adjustments.path,
    title: 'Adjustments',
    access: 'operator',
    permission: 'payments.adjust',
    layout: 'shell',
    navLabel: 'Adjustments',
    navSection: 'Payments',
    page: () => import('../../features/payments/pages/adjustments-page'),
  },
  {
    name: 'casino-figures',
    path: paths.casinoFigures.path,
    title: 'Casino figures',
    access: 'operator',
    permission: 'casino.read',
    layout: 'shell',
    navLabel: 'Figures',
    navSection: 'Casino',
    page: () => import('../../features/casino/pages/casino-figures-page'),
  },
  {
    name: 'casino-rounds',
    path: paths.casinoRounds.path,
    title: 'Casino rounds',
    access: 'operator',
    permission: 'casino.read',
    layout: 'shell',
    navLabel: 'Rounds',
    navSection: 'Casino',
    page: () => import('../../features/casino/pages/casino-rounds-page'),
  },
  {
    name: 'casino-round',
    path: paths.casinoRound.path,
    title: 'Casino round',
    access: 'operator',
    permission: 'casino.read',
    layout: 'shell',
    page: () => import('../../features/casino/pages/casino-round-page'),
  },
  {
    // Read by whoever reads the casino; changed by an operator who may change providers.
    name: 'casino-providers',
    path: paths.casinoProviders.path,
    title: 'Casino providers',
    access: 'operator',
    permission: 'casino.read',
    layout: 'shell',
    navLabel: 'Providers',
    navSection: 'Casino',
    page: () => import('../../features/casino/pages/casino-providers-page'),
  },
  {
    // Read by whoever reads the casino; changed by an operator who may change providers.
    name: 'studio-tables',
    path: paths.studioTables.path,
    title: 'Studio tables',
    access: 'operator',
    permission: 'casino.read',
    layout: 'shell',
    navLabel: 'Studio tables',
    navSection: 'Casino',
    page: () => import('../../features/casino/pages/studio-tables-page'),
  },
  {
    name: 'casino-catalogue',
    path: paths.casinoCatalogue.path,
    title: 'Casino catalogue',
    access: 'operator',
    permission: 'casino.catalogue',
    layout: 'shell',
    navLabel: 'Catalogue',
    navSection: 'Casino',
    page: () => import('../../features/casino/pages/casino-catalogue-page'),
  },
  {
    name: 'bonus-campaigns',
    path: paths.bonusCampaigns.path,
    title: 'Bonus campaigns',
    access: 'operator',
    permission: 'bonuses.read',
    layout: 'shell',
    navLabel: 'Campaigns',
    navSection: 'Bonuses',
    page: () => import('../../features/bonuses/pages/campaigns-page'),
  },
  {
    // Before the campaign's own path, whose `:campaignId` would otherwise take it.
    name: 'bonus-campaign-new',
    path: paths.newBonusCampaign.path,
    title: 'New bonus campaign',
    access: 'operator',
    permission: 'bonuses.manage',
    layout: 'shell',
    page: () => import('../../features/bonuses/pages/new-campaign-page'),
  },
  {
    name: 'bonus-campaign',
    path: paths.bonusCampaign.path,
    title: 'Bonus campaign',
    access: 'operator',
    permission: 'bonuses.read',
    layout: 'shell',
    page: () => import('../../features/bonuses/pages/campaign-page'),
  },
  {
    name: 'brands',
    path: paths.brands.path,
    title: 'Brands',
    access: 'operator',
    permission: 'brands.manage',
    layout: 'shell',
    navLabel: 'Brands',
    page: () => import('../../features/brands/pages/brands-page'),
  },
  {
    name: 'brand-new',
    path: paths.newBrand.path,
    title: 'New brand',
    access: 'operator',
    permission: 'brands.manage',
    layout: 'shell',
    page: () => import('../../features/brands/pages/new-brand-page'),
  },
  {
    name: 'betting-defaults',
    path: paths.bettingDefaults.path,
    title: 'Betting defaults',
    access: 'operator',
    permission: 'brands.manage',
    layout: 'shell',
    page: () => import('../../features/brands/pages/betting-defaults-page'),
  },
  {
    // After the fixed paths under /brands, which `:domain` would otherwise take.
    name: 'brand',
    path: paths.brand.path,
    title: 'Brand',
    access: 'operator',
    permission: 'brands.manage',
    layout: 'shell',
    page: () => import('../../features/brands/pages/brand-page'),
  },
  {
    name: 'audit',
    path: paths.audit.path,
    title: 'Audit log',
    access: 'operator',
    permission: 'audit.read',
    layout: 'shell',
    navLabel: 'Audit log',
    page: () => import('../../features/audit/pages/audit-page'),
  },
  {
    name: 'operators',
    path: paths.operators.path,
    title: 'Operators',
    access: 'operator',
    permission: 'operators.manage',
    layout: 'shell',
    navLabel: 'Operators',
    page: () => import('../../features/operators/pages/operators-page'),
  },
  {
    name: 'sessions',
    path: paths.sessions.path,
    title: 'My sessions',
    access: 'operator',
    permission: null,
    layout: 'shell',
    navLabel: 'My sessions',
    page: () => import('../../features/auth/pages/my-sessions-page'),
  },
  {
    name: 'sign-in',
    path: paths.signIn.path,
    title: 'Sign in',
    access: 'public',
    permission: null,
    layout: 'bare',
    page: () => import('../../features/auth/pages/sign-in-page'),
  },
  {
    name: 'enrol',
    path: paths.enrol.path,
    title: 'Set up your account',
    access: 'public',
    permission: null,
    layout: 'bare',
    page: () => import('../../features/auth/pages/enrol-page'),
  },
];
