/**
 * Deposits through a payment gateway: the gateway interface and its HTTP client, the
 * credentials, the in-process `fetch` the built-in sandbox is reached by, the routes, and
 * finance's review of payments paid with another amount than asked for.
 */
export {
  gatewayPaymentRoutes,
  GATEWAY_WEBHOOK_PATH,
  type GatewayRoutesOptions,
} from './gateway-routes';
export { createHttpPaymentGateway, type HttpFetch, type HttpGatewayOptions } from './http-gateway';
export { loadGatewayCredentials, type GatewayCredentials } from './gateway-credentials';
export { inProcessFetch, inProcessTextFetch, IN_PROCESS_ORIGIN } from './in-process-fetch';
export type { PaymentGateway } from './payment-gateway';
export { configuredPaymentGateway, type GatewayChoice } from './gateway-setup';
export { decideGatewayReview, gatewayReviewQueue, type ReviewQueueQuery } from './gateway-review';
