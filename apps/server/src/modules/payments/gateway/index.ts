/**
 * Deposits through a payment gateway: the gateway interface and its HTTP client, the
 * credentials, the in-process `fetch` the built-in sandbox is reached by, and the routes.
 */
export {
  gatewayPaymentRoutes,
  GATEWAY_WEBHOOK_PATH,
  type GatewayRoutesOptions,
} from './gateway-routes';
export { createHttpPaymentGateway, type HttpFetch, type HttpGatewayOptions } from './http-gateway';
export { loadGatewayCredentials, type GatewayCredentials } from './gateway-credentials';
export { inProcessFetch, IN_PROCESS_ORIGIN } from './in-process-fetch';
export type { PaymentGateway } from './payment-gateway';
export { configuredPaymentGateway, type GatewayChoice } from './gateway-setup';
