import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { useSlip } from '../api/payment-slip';
import { slipExtension } from '../model/slip-image';

/**
 * A deposit's payment screenshot: fitted to the dialog, or at its own size (scrolling) to read
 * the small print; and a download of the file itself. A data URL cannot be opened in a tab of
 * its own (browsers refuse to navigate to one), so full size is shown here.
 */
export function SlipViewer({ slipId, label }: { slipId: string; label: string }) {
  const slip = useSlip(slipId);
  const [fullSize, setFullSize] = useState(false);

  if (slip.isPending) return <Loading label="Loading the slip…" />;
  if (slip.isError) return <ErrorNotice error={slip.error} onRetry={() => void slip.refetch()} />;
  const { dataUrl } = slip.data;
  const extension = slipExtension(dataUrl);
  if (extension === null) {
    return (
      <Notice tone="warning" title="The slip cannot be shown">
        <p>The file attached is not a PNG, JPEG or WebP image.</p>
      </Notice>
    );
  }
  return (
    <figure className="slip">
      <div className={fullSize ? 'slip__frame slip__frame--full' : 'slip__frame'}>
        <img
          className="slip__image"
          src={dataUrl}
          alt={label}
          onClick={() => setFullSize((value) => !value)}
        />
      </div>
      <figcaption className="slip__tools">
        <Button size="small" aria-pressed={fullSize} onClick={() => setFullSize((v) => !v)}>
          {fullSize ? 'Fit to the window' : 'Full size'}
        </Button>
        <a
          className="button button--small button-link"
          href={dataUrl}
          download={`slip-${slipId}.${extension}`}
        >
          Download
        </a>
      </figcaption>
    </figure>
  );
}
