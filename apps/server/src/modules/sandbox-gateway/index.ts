/**
 * The sandbox-gateway module's entry: a built-in payment gateway shaped like the Indian ones
 * (payment links and UPI intents, amounts in paise, a hosted page, HMAC-signed webhooks retried
 * with backoff), so a fresh install takes link and UPI-intent deposits end to end. It is an
 * outside party: Backlay's payments reach it only over HTTP, through the same client a real
 * gateway would get, and it imports no other module.
 */
export {
  sandboxGatewayPlugin,
  SANDBOX_SWEEP_INTERVAL_MS,
  type SandboxGatewayPluginOptions,
} from './sandbox-plugin';
export type { SandboxGateway, SandboxMerchant, SweepReport } from './sandbox-gateway';
export { SANDBOX_API_PREFIX, SANDBOX_BASE_PATH } from './sandbox-api';
export { HOSTED_PAGE_PREFIX } from './hosted-page';
export {
  EVENT_ID_HEADER,
  retryDelayMs,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  WEBHOOK_ATTEMPTS_MAX,
  type HttpFetch,
} from './webhook-delivery';
