/**
 * The sandbox's hosted pages, where a tester plays the payer: `/pay/<linkId>` for a payment
 * link (Pay, Fail or Cancel; leaving the page lets the link expire) and `/pay/upi/<intentId>`
 * for a UPI intent (marked paid or declined by hand, since no real UPI app can reach a test
 * gateway). Either can be paid another amount than it asked for, as a payer can in a UPI app.
 * Server-rendered HTML with one stylesheet from this origin and no script, so it works on any
 * phone and under the site's Content-Security-Policy. Every form posts back to its page and is
 * answered with a redirect to it (reloading never decides twice).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { rupeesText, upiIntentUrl, type SandboxGateway } from './sandbox-gateway';
import type { SandboxKind, SandboxOutcome, SandboxPaymentRow } from './sandbox-store';

export const HOSTED_PAGE_PREFIX = '/pay';
const STYLESHEET_PATH = `${HOSTED_PAGE_PREFIX}/assets/sandbox.css`;
/** The pages' own icon: declared, so a browser never asks this origin for `/favicon.ico`. */
const ICON_PATH = `${HOSTED_PAGE_PREFIX}/assets/icon.svg`;
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f5fbf"/><text x="32" y="43" text-anchor="middle" font-family="Arial,sans-serif" font-size="30" font-weight="700" fill="#fff">₹</text></svg>`;
const TITLE = 'Backlay test payments';
/** Ids are the gateway's own (`plink_…`, `upi_…`); anything else is not looked up. */
const ID_PATTERN = /^(plink|upi)_[A-Za-z0-9]{14}$/;

/** What each kind's buttons do. */
const ACTIONS: Record<SandboxKind, Record<string, Exclude<SandboxOutcome, 'expired'>>> = {
  payment_link: { pay: 'paid', fail: 'failed', cancel: 'cancelled' },
  upi_intent: { pay: 'paid', decline: 'failed' },
};
/** The button paying another amount than asked for, typed in the `paid` field (rupees). */
const PAY_OTHER = 'pay-other';
/** Rupees as a payer types them: up to a crore, at most two decimals. */
const RUPEES_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;
const PAID_MAX_PAISE = 1_000_000_000;
const PAY_OTHER_ERROR = 'Enter the amount paid in rupees, such as 1500 or 1499.50.';

const STYLESHEET = `
:root { color-scheme: light; --ink: #1d232b; --muted: #5b6673; --line: #d9dee4; --accent: #1f5fbf; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: #eef1f4; color: var(--ink);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  display: flex; align-items: flex-start; justify-content: center; padding: 24px 12px; }
main { width: 100%; max-width: 420px; background: #fff; border: 1px solid var(--line);
  border-radius: 12px; padding: 20px; }
header { display: flex; justify-content: space-between; align-items: center; gap: 8px;
  border-bottom: 1px solid var(--line); padding-bottom: 12px; margin-bottom: 16px; }
.brand { font-weight: 600; }
.badge { white-space: nowrap; font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em;
  background: #fff4d6; color: #7a5500; border-radius: 999px; padding: 2px 10px; }
.amount { font-size: 32px; font-weight: 700; margin: 0; }
.description { color: var(--muted); margin: 4px 0 16px; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0 0 16px; font-size: 14px; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
.intent { display: block; background: #f4f6f8; border: 1px solid var(--line); border-radius: 8px;
  padding: 8px; margin: 0 0 16px; }
.note { background: #f4f6f8; border-radius: 8px; padding: 10px 12px; font-size: 14px; margin: 0 0 16px; }
.status { font-weight: 600; border-radius: 8px; padding: 10px 12px; margin: 0 0 8px; }
.status-paid { background: #e3f5e8; color: #14532d; }
.status-failed, .status-expired, .status-cancelled { background: #fbe9e9; color: #7f1d1d; }
form { display: grid; gap: 8px; }
button { font: inherit; font-weight: 600; border-radius: 8px; padding: 12px; min-height: 48px;
  cursor: pointer; border: 1px solid var(--line); background: #fff; color: var(--ink); }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.quiet { border-color: transparent; color: var(--muted); }
button:focus-visible { outline: 3px solid #8fb5ef; outline-offset: 2px; }
.hint { color: var(--muted); font-size: 14px; margin: 12px 0 0; }
.other { margin-top: 16px; border-top: 1px solid var(--line); padding-top: 16px; }
label { font-size: 14px; color: var(--muted); }
input { font: inherit; border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px;
  min-height: 48px; width: 100%; }
input:focus-visible { outline: 3px solid #8fb5ef; outline-offset: 2px; }
.error { color: #7f1d1d; font-size: 14px; margin: 0; }
`;

/** Escapes text for HTML content and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const rupees = (paise: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(Number(rupeesText(paise)))}`;

const indiaTime = (date: Date) =>
  `${new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date)} IST`;

const OUTCOME_TEXT: Record<SandboxOutcome, string> = {
  paid: 'Paid. You can close this page and go back to the site.',
  failed: 'The payment failed. No money moved: start a new deposit on the site to try again.',
  cancelled: 'You cancelled this payment. No money moved.',
  expired: 'This payment expired before it was paid. No money moved.',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${TITLE}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" type="image/svg+xml" href="${ICON_PATH}">
</head>
<body>
<main>
<header><span class="brand">${TITLE}</span><span class="badge">Test mode</span></header>
${body}
</main>
</body>
</html>
`;
}

/** The form that pays another amount than asked for: how a tester sends the merchant a mismatch. */
function payOtherForm(action: string, button: string, error: string | null): string {
  return `<form method="post" action="${action}" class="other">
<label for="paid">Or pay another amount than asked for (₹), as a payer can in a UPI app</label>
<input id="paid" name="paid" inputmode="decimal" autocomplete="off" required${error ? ' aria-invalid="true" aria-describedby="paid-error"' : ''}>
${error ? `<p class="error" id="paid-error" role="alert">${escapeHtml(error)}</p>` : ''}
<button name="action" value="${PAY_OTHER}">${button}</button>
</form>`;
}

function paymentPage(
  row: SandboxPaymentRow,
  pagePath: string,
  error: string | null = null,
): string {
  const amountPaise = Number(row.amount_paise);
  const link = row.kind === 'payment_link';
  const facts = `<dl>
<dt>${link ? 'Payment link' : 'UPI intent'}</dt><dd><code>${escapeHtml(row.id)}</code></dd>
<dt>${row.status === 'created' ? 'Expires' : 'Expiry'}</dt><dd>${escapeHtml(indiaTime(row.expire_by))}</dd>
</dl>`;
  const head = `<p class="amount">${escapeHtml(rupees(amountPaise))}</p>
<p class="description">${escapeHtml(row.description || 'Payment')}</p>
${facts}`;
  if (row.status !== 'created') {
    return page(
      rupees(amountPaise),
      `${head}<p class="status status-${row.status}" role="status">${escapeHtml(OUTCOME_TEXT[row.status])}</p>`,
    );
  }
  const action = escapeHtml(pagePath);
  const choices = link
    ? `<p class="note">This is a test gateway: no real money moves. Choose what the payer's bank would say.</p>
<form method="post" action="${action}">
<button class="primary" name="action" value="pay">Pay ${escapeHtml(rupees(amountPaise))}</button>
<button name="action" value="fail">Fail</button>
<button class="quiet" name="action" value="cancel">Cancel</button>
</form>
${payOtherForm(action, 'Pay this amount instead', error)}
<p class="hint">Or leave this page: the link expires at ${escapeHtml(indiaTime(row.expire_by))}.</p>`
    : `<p>Pay this intent from a UPI app:</p>
<code class="intent">${escapeHtml(upiIntentUrl(row))}</code>
<p class="note">A real UPI app cannot reach this test gateway, so no payment will arrive from one. Mark what the payer's bank would report instead.</p>
<form method="post" action="${action}">
<button class="primary" name="action" value="pay">Mark paid</button>
<button name="action" value="decline">Mark declined</button>
</form>
${payOtherForm(action, 'Mark paid with this amount', error)}
<p class="hint">Unmarked, the intent expires at ${escapeHtml(indiaTime(row.expire_by))}.</p>`;
  return page(`Pay ${rupees(amountPaise)}`, `${head}${choices}`);
}

/** Paise of the rupees typed in the `paid` field; null when it is not an amount. */
function paiseOf(typed: unknown): number | null {
  if (typeof typed !== 'string' || !RUPEES_PATTERN.test(typed.trim())) return null;
  const [rupees = '0', fraction = ''] = typed.trim().split('.');
  const paise = Number(rupees) * 100 + Number(fraction.padEnd(2, '0'));
  return paise >= 1 && paise <= PAID_MAX_PAISE ? paise : null;
}

/** What a posted form asks for; an error (null: no message) for a form that asks nothing. */
function choiceOf(
  kind: SandboxKind,
  form: { action?: unknown; paid?: unknown },
): { outcome: Exclude<SandboxOutcome, 'expired'>; paidPaise?: number } | { error: string | null } {
  if (form.action === PAY_OTHER) {
    const paidPaise = paiseOf(form.paid);
    return paidPaise === null ? { error: PAY_OTHER_ERROR } : { outcome: 'paid', paidPaise };
  }
  const outcome = typeof form.action === 'string' ? ACTIONS[kind][form.action] : undefined;
  return outcome ? { outcome } : { error: null };
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

const notFoundPage = () =>
  page(
    'No such payment',
    '<p class="status status-failed" role="status">There is no such payment. Check the link you were given.</p>',
  );

/** Registers `/pay/...` (its own context: a form parser and a 404 page of its own). */
export async function hostedPageRoutes(app: FastifyInstance, gateway: SandboxGateway) {
  await app.register(
    async (pages) => {
      // The forms post `application/x-www-form-urlencoded`, which only these routes read.
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1_024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      pages.setNotFoundHandler((_request, reply) => sendPage(reply, 404, notFoundPage()));

      pages.get('/assets/sandbox.css', async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .type('text/css; charset=utf-8')
          .send(STYLESHEET),
      );
      pages.get('/assets/icon.svg', async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .type('image/svg+xml; charset=utf-8')
          .send(ICON),
      );

      const pathOf = (kind: SandboxKind, id: string) =>
        kind === 'payment_link' ? `${HOSTED_PAGE_PREFIX}/${id}` : `${HOSTED_PAGE_PREFIX}/upi/${id}`;

      const show =
        (kind: SandboxKind) => async (request: { params: { id: string } }, reply: FastifyReply) => {
          const { id } = request.params;
          const row = ID_PATTERN.test(id) ? await gateway.read(id, kind) : null;
          if (!row) return sendPage(reply, 404, notFoundPage());
          return sendPage(reply, 200, paymentPage(row, pathOf(kind, id)));
        };

      const choose =
        (kind: SandboxKind) =>
        async (request: { params: { id: string }; body: unknown }, reply: FastifyReply) => {
          const { id } = request.params;
          const form = (request.body ?? {}) as { action?: unknown; paid?: unknown };
          const choice = choiceOf(kind, form);
          if (!ID_PATTERN.test(id)) return sendPage(reply, 404, notFoundPage());
          if ('error' in choice) {
            const row = await gateway.read(id, kind);
            if (!row) return sendPage(reply, 404, notFoundPage());
            return sendPage(reply, 400, paymentPage(row, pathOf(kind, id), choice.error));
          }
          const row = await gateway.decide(id, kind, choice.outcome, choice.paidPaise);
          if (!row) return sendPage(reply, 404, notFoundPage());
          return reply.code(303).header('location', pathOf(kind, id)).send();
        };

      pages.get<{ Params: { id: string } }>('/upi/:id', show('upi_intent'));
      pages.post<{ Params: { id: string } }>('/upi/:id', choose('upi_intent'));
      pages.get<{ Params: { id: string } }>('/:id', show('payment_link'));
      pages.post<{ Params: { id: string } }>('/:id', choose('payment_link'));
    },
    { prefix: HOSTED_PAGE_PREFIX },
  );
}
