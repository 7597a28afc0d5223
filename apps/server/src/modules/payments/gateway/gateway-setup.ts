import type { GatewayCredentials } from './gateway-credentials';
import { GATEWAY_WEBHOOK_PATH } from './gateway-routes';
import { createHttpPaymentGateway, type HttpFetch } from './http-gateway';
import { IN_PROCESS_ORIGIN } from './in-process-fetch';
import type { PaymentGateway } from './payment-gateway';

export interface GatewayChoice {
  /** `PAYMENT_GATEWAY_URL`; null: the built-in sandbox, when this server runs it. */
  url: string | null;
  /** `PAYMENT_WEBHOOK_URL`; null: this server's own webhook. */
  webhookUrl: string | null;
  /** Whether this server runs the built-in sandbox. */
  sandbox: boolean;
}

/**
 * The gateway this server takes link and UPI-intent deposits through: the one at
 * `PAYMENT_GATEWAY_URL`, or else the built-in sandbox (at `sandboxPath` on this server, reached
 * in-process); null when there is neither. The built-in sandbox posts its events to this
 * server's webhook in-process; a gateway elsewhere is given `PAYMENT_WEBHOOK_URL`, the public
 * address of that webhook, when it is set.
 */
export function configuredPaymentGateway(
  choice: GatewayChoice,
  credentials: GatewayCredentials,
  options: { fetch: HttpFetch; sandboxPath: string },
): PaymentGateway | null {
  const builtIn = choice.url === null;
  if (builtIn && !choice.sandbox) return null;
  return createHttpPaymentGateway({
    baseUrl: choice.url ?? `${IN_PROCESS_ORIGIN}${options.sandboxPath}`,
    ...credentials,
    // A gateway elsewhere cannot reach an in-process URL: without one it uses its own setting.
    webhookUrl:
      choice.webhookUrl ?? (builtIn ? `${IN_PROCESS_ORIGIN}${GATEWAY_WEBHOOK_PATH}` : null),
    fetch: options.fetch,
    hostedHere: builtIn,
  });
}
