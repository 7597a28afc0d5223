import { QrCode } from './qr-code';

/**
 * A `upi://pay` link as a QR code to scan from another device, and as an "Open UPI app"
 * button, which the styles show on touch screens and narrow ones only (where an app can
 * take the link).
 */
export function UpiQr({ uri, caption }: { uri: string; caption: string }) {
  return (
    <figure className="upi-qr">
      <QrCode value={uri} label="UPI payment QR code" />
      <figcaption className="upi-qr__caption">{caption}</figcaption>
      <a className="button button--accent button--md upi-qr__open" href={uri}>
        Open UPI app
      </a>
    </figure>
  );
}
