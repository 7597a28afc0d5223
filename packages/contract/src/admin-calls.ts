/**
 * The operator back office's calls: each entry names its path under `/admin/api/`, whether it
 * needs a signed-in operator, and the permission it needs. The server checks both on every
 * call; the console hides what an operator may not do, but never decides it.
 */
import { z } from 'zod';
import {
  addPlayerNoteRequestSchema,
  auditPageSchema,
  auditQuerySchema,
  completeEnrolmentRequestSchema,
  completeEnrolmentResultSchema,
  correctSettlementRequestSchema,
  dashboardQuerySchema,
  dashboardSchema,
  createOperatorRequestSchema,
  doneSchema,
  enrolmentLinkSchema,
  enrolmentQuerySchema,
  enrolmentSchema,
  forcePasswordResetRequestSchema,
  lockPlayerRequestSchema,
  marketActionRequestSchema,
  marketActionResultSchema,
  marketBookSchema,
  marketIdQuerySchema,
  marketListSchema,
  marketsQuerySchema,
  onlineQuerySchema,
  onlineSchema,
  operatorIdRequestSchema,
  operatorMeSchema,
  operatorSchema,
  operatorSessionSchema,
  playerDetailSchema,
  playerIdQuerySchema,
  playerPageSchema,
  playerSearchQuerySchema,
  setPlayerLimitsRequestSchema,
  settleMarketRequestSchema,
  signInRequestSchema,
  signInResultSchema,
  updateOperatorRequestSchema,
  type Permission,
} from './admin';
import {
  bettingDefaultsStateSchema,
  brandListSchema,
  brandQuerySchema,
  brandSchema,
  brandVersionsSchema,
  createBrandRequestSchema,
  updateBettingDefaultsRequestSchema,
  updateBrandRequestSchema,
  uploadBrandAssetRequestSchema,
} from './admin-brands';
import {
  adjustmentListSchema,
  adjustmentSchema,
  adjustmentsQuerySchema,
  createAdjustmentRequestSchema,
  decideAdjustmentRequestSchema,
  decideDepositRequestSchema,
  decideWithdrawalRequestSchema,
  paymentQueueItemSchema,
  paymentQueueQuerySchema,
  paymentQueueSchema,
  paymentSettingsQuerySchema,
  paymentSettingsSchema,
  slipQuerySchema,
  slipSchema,
  updatePaymentSettingsRequestSchema,
} from './admin-payments';
import {
  decideGatewayReviewRequestSchema,
  gatewayReviewItemSchema,
  gatewayReviewQuerySchema,
  gatewayReviewQueueSchema,
} from './admin-gateway-reviews';
import {
  casinoCatalogueQuerySchema,
  casinoCatalogueSchema,
  casinoFiguresQuerySchema,
  casinoFiguresSchema,
  casinoPlayerQuerySchema,
  casinoPlayerSchema,
  casinoProviderCodeRequestSchema,
  casinoProviderListSchema,
  casinoProviderSchema,
  casinoProviderSecretSchema,
  casinoRoundDetailSchema,
  casinoRoundPageSchema,
  casinoRoundQuerySchema,
  casinoRoundsQuerySchema,
  setCasinoPlayerSwitchRequestSchema,
  updateCasinoCatalogueRequestSchema,
  updateCasinoProviderRequestSchema,
} from './admin-casino';
import {
  adminPlayerBonusSchema,
  campaignFiguresSchema,
  campaignListSchema,
  campaignQuerySchema,
  campaignSchema,
  campaignsQuerySchema,
  createCampaignRequestSchema,
  forfeitBonusRequestSchema,
  pauseCampaignRequestSchema,
  playerBonusListSchema,
  playerBonusesQuerySchema,
  updateCampaignRequestSchema,
} from './admin-bonuses';
import { noInputSchema, type HttpMethod } from './route-entry';

export interface AdminRoute<
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path under `/admin/api/`, without a leading slash. */
  path: string;
  /** `none`: sign-in and enrolment; `operator`: a signed-in operator with `permission`. */
  auth: 'none' | 'operator';
  /** What the operator's role must allow; null: any signed-in operator. */
  permission: Permission | null;
  request: Request;
  response: Response;
}

/** What a back-office call's request parses to. */
export type AdminInput<Route extends AdminRoute> = z.output<Route['request']>;
/** What a back-office call answers in the envelope's `result`. */
export type AdminResult<Route extends AdminRoute> = z.output<Route['response']>;

/** Where the back office's API is served: apart from `/api`, whose brand gate it does not pass. */
export const ADMIN_API_PREFIX = '/admin/api/';

/** The URL path of an operator call. */
export function adminApiPath(route: Pick<AdminRoute, 'path'>): string {
  return `${ADMIN_API_PREFIX}${route.path}`;
}

// Sign-in, enrolment, the operator's own sessions

export const signInRoute = {
  method: 'POST',
  path: 'session/sign-in',
  auth: 'none',
  permission: null,
  request: signInRequestSchema,
  response: signInResultSchema,
} satisfies AdminRoute;

export const signOutRoute = {
  method: 'POST',
  path: 'session/sign-out',
  auth: 'operator',
  permission: null,
  request: noInputSchema,
  response: doneSchema,
} satisfies AdminRoute;

export const meRoute = {
  method: 'GET',
  path: 'session/me',
  auth: 'operator',
  permission: null,
  request: noInputSchema,
  response: operatorMeSchema,
} satisfies AdminRoute;

export const mySessionsRoute = {
  method: 'GET',
  path: 'session/list',
  auth: 'operator',
  permission: null,
  request: noInputSchema,
  response: z.object({ items: z.array(operatorSessionSchema) }),
} satisfies AdminRoute;

export const enrolmentRoute = {
  method: 'GET',
  path: 'enrolment',
  auth: 'none',
  permission: null,
  request: enrolmentQuerySchema,
  response: enrolmentSchema,
} satisfies AdminRoute;

export const completeEnrolmentRoute = {
  method: 'POST',
  path: 'enrolment/complete',
  auth: 'none',
  permission: null,
  request: completeEnrolmentRequestSchema,
  response: completeEnrolmentResultSchema,
} satisfies AdminRoute;

// Operators

export const operatorsRoute = {
  method: 'GET',
  path: 'operators',
  auth: 'operator',
  permission: 'operators.manage',
  request: noInputSchema,
  response: z.object({ items: z.array(operatorSchema) }),
} satisfies AdminRoute;

export const createOperatorRoute = {
  method: 'POST',
  path: 'operators/create',
  auth: 'operator',
  permission: 'operators.manage',
  request: createOperatorRequestSchema,
  response: enrolmentLinkSchema,
} satisfies AdminRoute;

export const updateOperatorRoute = {
  method: 'POST',
  path: 'operators/update',
  auth: 'operator',
  permission: 'operators.manage',
  request: updateOperatorRequestSchema,
  response: operatorSchema,
} satisfies AdminRoute;

/** A new enrolment link (a lost phone): the old password and TOTP secret stop working. */
export const resetEnrolmentRoute = {
  method: 'POST',
  path: 'operators/reset-enrolment',
  auth: 'operator',
  permission: 'operators.manage',
  request: operatorIdRequestSchema,
  response: enrolmentLinkSchema,
} satisfies AdminRoute;

export const revokeOperatorSessionsRoute = {
  method: 'POST',
  path: 'operators/revoke-sessions',
  auth: 'operator',
  permission: 'operators.manage',
  request: operatorIdRequestSchema,
  response: z.object({ revoked: z.number().int() }),
} satisfies AdminRoute;

// Audit log

export const auditLogRoute = {
  method: 'GET',
  path: 'audit',
  auth: 'operator',
  permission: 'audit.read',
  request: auditQuerySchema,
  response: auditPageSchema,
} satisfies AdminRoute;

// Players

export const searchPlayersRoute = {
  method: 'GET',
  path: 'players',
  auth: 'operator',
  permission: 'players.read',
  request: playerSearchQuerySchema,
  response: playerPageSchema,
} satisfies AdminRoute;

export const playerDetailRoute = {
  method: 'GET',
  path: 'players/detail',
  auth: 'operator',
  permission: 'players.read',
  request: playerIdQuerySchema,
  response: playerDetailSchema,
} satisfies AdminRoute;

export const lockPlayerRoute = {
  method: 'POST',
  path: 'players/lock',
  auth: 'operator',
  permission: 'players.lock',
  request: lockPlayerRequestSchema,
  response: playerDetailSchema.shape.profile,
} satisfies AdminRoute;

export const setPlayerLimitsRoute = {
  method: 'POST',
  path: 'players/limits',
  auth: 'operator',
  permission: 'players.limits',
  request: setPlayerLimitsRequestSchema,
  response: playerDetailSchema.shape.limits,
} satisfies AdminRoute;

export const forcePasswordResetRoute = {
  method: 'POST',
  path: 'players/force-password-reset',
  auth: 'operator',
  permission: 'players.lock',
  request: forcePasswordResetRequestSchema,
  response: playerDetailSchema.shape.profile,
} satisfies AdminRoute;

export const addPlayerNoteRoute = {
  method: 'POST',
  path: 'players/notes/add',
  auth: 'operator',
  permission: 'players.notes',
  request: addPlayerNoteRequestSchema,
  response: playerDetailSchema.shape.notes.element,
} satisfies AdminRoute;

// Markets and settlement

export const marketsRoute = {
  method: 'GET',
  path: 'markets',
  auth: 'operator',
  permission: 'markets.read',
  request: marketsQuerySchema,
  response: marketListSchema,
} satisfies AdminRoute;

export const marketBookRoute = {
  method: 'GET',
  path: 'markets/book',
  auth: 'operator',
  permission: 'markets.read',
  request: marketIdQuerySchema,
  response: marketBookSchema,
} satisfies AdminRoute;

export const suspendMarketRoute = {
  method: 'POST',
  path: 'markets/suspend',
  auth: 'operator',
  permission: 'markets.trade',
  request: marketActionRequestSchema,
  response: marketActionResultSchema,
} satisfies AdminRoute;

export const resumeMarketRoute = {
  method: 'POST',
  path: 'markets/resume',
  auth: 'operator',
  permission: 'markets.trade',
  request: marketActionRequestSchema,
  response: marketActionResultSchema,
} satisfies AdminRoute;

export const settleMarketRoute = {
  method: 'POST',
  path: 'markets/settle',
  auth: 'operator',
  permission: 'markets.trade',
  request: settleMarketRequestSchema,
  response: marketActionResultSchema,
} satisfies AdminRoute;

export const voidMarketRoute = {
  method: 'POST',
  path: 'markets/void',
  auth: 'operator',
  permission: 'markets.trade',
  request: marketActionRequestSchema,
  response: marketActionResultSchema,
} satisfies AdminRoute;

export const correctSettlementRoute = {
  method: 'POST',
  path: 'markets/correct',
  auth: 'operator',
  permission: 'markets.trade',
  request: correctSettlementRequestSchema,
  response: marketActionResultSchema,
} satisfies AdminRoute;

// Dashboard and who is online

export const dashboardRoute = {
  method: 'GET',
  path: 'dashboard',
  auth: 'operator',
  permission: 'dashboard.read',
  request: dashboardQuerySchema,
  response: dashboardSchema,
} satisfies AdminRoute;

export const onlineRoute = {
  method: 'GET',
  path: 'online',
  auth: 'operator',
  permission: 'dashboard.read',
  request: onlineQuerySchema,
  response: onlineSchema,
} satisfies AdminRoute;

// Brands

export const brandsRoute = {
  method: 'GET',
  path: 'brands',
  auth: 'operator',
  permission: 'brands.manage',
  request: noInputSchema,
  response: brandListSchema,
} satisfies AdminRoute;

export const brandRoute = {
  method: 'GET',
  path: 'brands/detail',
  auth: 'operator',
  permission: 'brands.manage',
  request: brandQuerySchema,
  response: brandSchema,
} satisfies AdminRoute;

export const brandVersionsRoute = {
  method: 'GET',
  path: 'brands/versions',
  auth: 'operator',
  permission: 'brands.manage',
  request: brandQuerySchema,
  response: brandVersionsSchema,
} satisfies AdminRoute;

/** A new brand works on its host at once, on every instance; it needs every brand covered. */
export const createBrandRoute = {
  method: 'POST',
  path: 'brands/create',
  auth: 'operator',
  permission: 'brands.manage',
  request: createBrandRequestSchema,
  response: brandSchema,
} satisfies AdminRoute;

export const updateBrandRoute = {
  method: 'POST',
  path: 'brands/update',
  auth: 'operator',
  permission: 'brands.manage',
  request: updateBrandRequestSchema,
  response: brandSchema,
} satisfies AdminRoute;

export const uploadBrandAssetRoute = {
  method: 'POST',
  path: 'brands/assets',
  auth: 'operator',
  permission: 'brands.manage',
  request: uploadBrandAssetRequestSchema,
  response: brandSchema,
} satisfies AdminRoute;

export const bettingDefaultsRoute = {
  method: 'GET',
  path: 'brands/betting-defaults',
  auth: 'operator',
  permission: 'brands.manage',
  request: noInputSchema,
  response: bettingDefaultsStateSchema,
} satisfies AdminRoute;

/** The platform's betting rules apply to every brand: they need every brand covered. */
export const updateBettingDefaultsRoute = {
  method: 'POST',
  path: 'brands/betting-defaults/update',
  auth: 'operator',
  permission: 'brands.manage',
  request: updateBettingDefaultsRequestSchema,
  response: bettingDefaultsStateSchema,
} satisfies AdminRoute;

// Money: the queues, slips, payment settings and adjustments

export const paymentQueueRoute = {
  method: 'GET',
  path: 'payments/queue',
  auth: 'operator',
  permission: 'payments.read',
  request: paymentQueueQuerySchema,
  response: paymentQueueSchema,
} satisfies AdminRoute;

export const paymentSlipRoute = {
  method: 'GET',
  path: 'payments/slip',
  auth: 'operator',
  permission: 'payments.read',
  request: slipQuerySchema,
  response: slipSchema,
} satisfies AdminRoute;

export const decideDepositRoute = {
  method: 'POST',
  path: 'payments/deposit/decide',
  auth: 'operator',
  permission: 'payments.decide',
  request: decideDepositRequestSchema,
  response: paymentQueueItemSchema,
} satisfies AdminRoute;

export const decideWithdrawalRoute = {
  method: 'POST',
  path: 'payments/withdrawal/decide',
  auth: 'operator',
  permission: 'payments.decide',
  request: decideWithdrawalRequestSchema,
  response: paymentQueueItemSchema,
} satisfies AdminRoute;

export const paymentSettingsRoute = {
  method: 'GET',
  path: 'payments/settings',
  auth: 'operator',
  permission: 'payments.settings',
  request: paymentSettingsQuerySchema,
  response: paymentSettingsSchema,
} satisfies AdminRoute;

export const updatePaymentSettingsRoute = {
  method: 'POST',
  path: 'payments/settings',
  auth: 'operator',
  permission: 'payments.settings',
  request: updatePaymentSettingsRequestSchema,
  response: paymentSettingsSchema,
} satisfies AdminRoute;

export const adjustmentsRoute = {
  method: 'GET',
  path: 'payments/adjustments',
  auth: 'operator',
  permission: 'payments.adjust',
  request: adjustmentsQuerySchema,
  response: adjustmentListSchema,
} satisfies AdminRoute;

export const createAdjustmentRoute = {
  method: 'POST',
  path: 'payments/adjustments',
  auth: 'operator',
  permission: 'payments.adjust',
  request: createAdjustmentRequestSchema,
  response: adjustmentSchema,
} satisfies AdminRoute;

export const decideAdjustmentRoute = {
  method: 'POST',
  path: 'payments/adjustments/decide',
  auth: 'operator',
  permission: 'payments.adjust',
  request: decideAdjustmentRequestSchema,
  response: adjustmentSchema,
} satisfies AdminRoute;

// Gateway payments paid with another amount than asked for: finance's review

export const gatewayReviewsRoute = {
  method: 'GET',
  path: 'payments/gateway-reviews',
  auth: 'operator',
  permission: 'payments.read',
  request: gatewayReviewQuerySchema,
  response: gatewayReviewQueueSchema,
} satisfies AdminRoute;

export const decideGatewayReviewRoute = {
  method: 'POST',
  path: 'payments/gateway-reviews/decide',
  auth: 'operator',
  permission: 'payments.decide',
  request: decideGatewayReviewRequestSchema,
  response: gatewayReviewItemSchema,
} satisfies AdminRoute;

// The casino: figures, the round lookup, providers, each brand's catalogue, a player's switch

/** Turnover, wins and gross gaming revenue of real-money rounds by day, game, provider, brand. */
export const casinoFiguresRoute = {
  method: 'GET',
  path: 'casino/figures',
  auth: 'operator',
  permission: 'casino.read',
  request: casinoFiguresQuerySchema,
  response: casinoFiguresSchema,
} satisfies AdminRoute;

/** Rounds, newest first, by brand, player, provider, round id or game. */
export const casinoRoundsRoute = {
  method: 'GET',
  path: 'casino/rounds',
  auth: 'operator',
  permission: 'casino.read',
  request: casinoRoundsQuerySchema,
  response: casinoRoundPageSchema,
} satisfies AdminRoute;

/** One round with every callback of it (transaction ids, amounts, outcomes). */
export const casinoRoundRoute = {
  method: 'GET',
  path: 'casino/rounds/detail',
  auth: 'operator',
  permission: 'casino.read',
  request: casinoRoundQuerySchema,
  response: casinoRoundDetailSchema,
} satisfies AdminRoute;

export const casinoProvidersRoute = {
  method: 'GET',
  path: 'casino/providers',
  auth: 'operator',
  permission: 'casino.read',
  request: noInputSchema,
  response: casinoProviderListSchema,
} satisfies AdminRoute;

/** Providers serve every brand: changing one needs a role that covers every brand. */
export const updateCasinoProviderRoute = {
  method: 'POST',
  path: 'casino/providers/update',
  auth: 'operator',
  permission: 'casino.providers',
  request: updateCasinoProviderRequestSchema,
  response: casinoProviderSchema,
} satisfies AdminRoute;

/** A provider's signing secret, to give to the provider (the reading is audited). */
export const casinoProviderSecretRoute = {
  method: 'POST',
  path: 'casino/providers/secret',
  auth: 'operator',
  permission: 'casino.providers',
  request: casinoProviderCodeRequestSchema,
  response: casinoProviderSecretSchema,
} satisfies AdminRoute;

export const casinoCatalogueRoute = {
  method: 'GET',
  path: 'casino/catalogue',
  auth: 'operator',
  permission: 'casino.read',
  request: casinoCatalogueQuerySchema,
  response: casinoCatalogueSchema,
} satisfies AdminRoute;

/** A brand's casino switch and its games: which are offered, in which order. */
export const updateCasinoCatalogueRoute = {
  method: 'POST',
  path: 'casino/catalogue/update',
  auth: 'operator',
  permission: 'casino.catalogue',
  request: updateCasinoCatalogueRequestSchema,
  response: casinoCatalogueSchema,
} satisfies AdminRoute;

export const casinoPlayerRoute = {
  method: 'GET',
  path: 'casino/player',
  auth: 'operator',
  permission: 'players.read',
  request: casinoPlayerQuerySchema,
  response: casinoPlayerSchema,
} satisfies AdminRoute;

/** A player's casino switch: off, their games neither launch nor take bets. */
export const setCasinoPlayerSwitchRoute = {
  method: 'POST',
  path: 'casino/player/switch',
  auth: 'operator',
  permission: 'players.lock',
  request: setCasinoPlayerSwitchRequestSchema,
  response: casinoPlayerSchema,
} satisfies AdminRoute;

// Bonuses: each brand's campaigns, their figures, a player's bonuses and an operator's forfeit

/** A brand's campaigns (or every brand's the operator covers), newest first. */
export const bonusCampaignsRoute = {
  method: 'GET',
  path: 'bonuses/campaigns',
  auth: 'operator',
  permission: 'bonuses.read',
  request: campaignsQuerySchema,
  response: campaignListSchema,
} satisfies AdminRoute;

export const bonusCampaignRoute = {
  method: 'GET',
  path: 'bonuses/campaigns/detail',
  auth: 'operator',
  permission: 'bonuses.read',
  request: campaignQuerySchema,
  response: campaignSchema,
} satisfies AdminRoute;

/** A new campaign; refused (VALIDATION_FAILED, the rule's code in `details`) when it breaks a rule. */
export const createBonusCampaignRoute = {
  method: 'POST',
  path: 'bonuses/campaigns/create',
  auth: 'operator',
  permission: 'bonuses.manage',
  request: createCampaignRequestSchema,
  response: campaignSchema,
} satisfies AdminRoute;

/** A campaign's terms changed (bonuses already claimed keep the terms they were claimed on). */
export const updateBonusCampaignRoute = {
  method: 'POST',
  path: 'bonuses/campaigns/update',
  auth: 'operator',
  permission: 'bonuses.manage',
  request: updateCampaignRequestSchema,
  response: campaignSchema,
} satisfies AdminRoute;

export const pauseBonusCampaignRoute = {
  method: 'POST',
  path: 'bonuses/campaigns/pause',
  auth: 'operator',
  permission: 'bonuses.manage',
  request: pauseCampaignRequestSchema,
  response: campaignSchema,
} satisfies AdminRoute;

/** Claimed, wagered, converted, expired and cost of one campaign. */
export const bonusCampaignFiguresRoute = {
  method: 'GET',
  path: 'bonuses/campaigns/figures',
  auth: 'operator',
  permission: 'bonuses.read',
  request: campaignQuerySchema,
  response: campaignFiguresSchema,
} satisfies AdminRoute;

/** A player's bonuses, for their page. */
export const playerBonusesRoute = {
  method: 'GET',
  path: 'bonuses/player',
  auth: 'operator',
  permission: 'players.read',
  request: playerBonusesQuerySchema,
  response: playerBonusListSchema,
} satisfies AdminRoute;

/** Forfeits a player's offered or active bonus with a reason (what is left goes back, once). */
export const forfeitBonusRoute = {
  method: 'POST',
  path: 'bonuses/player/forfeit',
  auth: 'operator',
  permission: 'bonuses.manage',
  request: forfeitBonusRequestSchema,
  response: adminPlayerBonusSchema,
} satisfies AdminRoute;
