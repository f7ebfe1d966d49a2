import { QRCodeSVG } from 'qrcode.react';
import { QR_DEFAULTS } from '@apsara/contracts';
import './qr-code.css';

type Props = {
  value: string;
  /** Accessible name, e.g. "QR code to download the iOS app". */
  label: string;
  /** Defaults to QR_DEFAULTS.size (200 px); the quiet zone stays QR_DEFAULTS.margin px. */
  size?: number;
};

/**
 * QR code with the spec's defaults (spec §9): 200 px, margin 20, error correction M, black on white.
 * The margin is a white frame in pixels around the code, so scanners get their quiet zone on the
 * dark theme too.
 */
export const QrCode = ({ value, label, size = QR_DEFAULTS.size }: Props) => (
  <figure className="qr-code" style={{ padding: QR_DEFAULTS.margin, background: QR_DEFAULTS.bg }} role="img" aria-label={label}>
    <QRCodeSVG
      value={value}
      size={size}
      level={QR_DEFAULTS.level}
      fgColor={QR_DEFAULTS.fg}
      bgColor={QR_DEFAULTS.bg}
      marginSize={0}
      aria-hidden="true"
    />
  </figure>
);

/** Where each platform's QR code points: the download page of this very site. */
export const downloadUrl = (os: 'ios' | 'android', origin = typeof location === 'undefined' ? '' : location.origin) =>
  `${origin}/download?os=${os}`;
