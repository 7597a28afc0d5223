import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { QrCode } from './qr-code';

const messages = i18n('wallet/upi-qr', {
  qrCode: 'UPI payment QR code',
  openApp: 'Open UPI app',
});

/**
 * A `upi://pay` link as a QR code to scan from another device, and as an "Open UPI app"
 * button, which the styles show on touch screens and narrow ones only (where an app can
 * take the link).
 */
export function UpiQr({ uri, caption }: { uri: string; caption: string }) {
  const t = useMessages(messages);
  return (
    <figure className="upi-qr">
      <QrCode value={uri} label={t.qrCode} />
      <figcaption className="upi-qr__caption">{caption}</figcaption>
      <a className="button button--accent button--md upi-qr__open" href={uri}>
        {t.openApp}
      </a>
    </figure>
  );
}
