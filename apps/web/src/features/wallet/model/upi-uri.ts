/** What a `upi://pay` link asks the payer's UPI app to pay. */
export interface UpiPayment {
  /** The payee's UPI id (`pa`). */
  upiId: string;
  /** The payee's name (`pn`). */
  payeeName: string;
  /** Rupees (`am`), written with two decimals. */
  amount: number;
  /** A note the payer's app shows (`tn`). */
  note: string;
  /** The transaction reference (`tr`): the deposit's idempotency key. */
  reference: string;
}

/**
 * The UPI deep link of the NPCI linking specification, each value URL-encoded. Any UPI app
 * opens it on a phone; its QR code pays from another device.
 */
export function upiPayUri({ upiId, payeeName, amount, note, reference }: UpiPayment): string {
  const fields: [string, string][] = [
    ['pa', upiId],
    ['pn', payeeName],
    ['am', amount.toFixed(2)],
    ['cu', 'INR'],
    ['tn', note],
    ['tr', reference],
  ];
  return `upi://pay?${fields.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}
