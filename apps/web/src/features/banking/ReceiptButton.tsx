import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useFileDownloads } from '../documents/useFileDownloads';
import { receiptDownloadUrl } from './receiptLink';

type ReceiptButtonProps = {
  entityId: string;
  transferId: string;
  receiptUrl: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
};

/**
 * 'Receipt': downloads the transfer's receipt PDF with a fresh single-use file token, as
 * the Documents page downloads statements. A failure to start says so in the button's tooltip.
 */
export function ReceiptButton({
  entityId,
  transferId,
  receiptUrl,
  size = 'xs',
  variant = 'subtle',
}: ReceiptButtonProps) {
  const downloads = useFileDownloads(entityId);
  return (
    <Tooltip label={downloads.error ?? ''} disabled={!downloads.error}>
      <Button
        size={size}
        variant={variant}
        leftSection={<IconReceipt size={14} />}
        loading={downloads.pending === transferId}
        color={downloads.error ? 'red' : undefined}
        onClick={() => downloads.download(transferId, (token) => receiptDownloadUrl(receiptUrl, token))}
        data-testid="receipt-link"
        data-receipt-url={receiptUrl}
      >
        Receipt
      </Button>
    </Tooltip>
  );
}
