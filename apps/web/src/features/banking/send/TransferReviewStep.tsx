import { Alert, Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCents } from '../../../lib/format';
import { FormError } from '../../auth/FormError';
import type { TransferReview } from '../bankingQueries';
import { formatDayTimeIn, formatWeekday } from '../bankingTimes';
import { railLabel } from '../transferLabels';

type TransferReviewStepProps = {
  review: TransferReview;
  /** The From account as the form names it ('Keel Checking ••4821'). */
  fromLabel: string;
  memo: string;
  /** The company's time zone: the hand-over time is written in it. */
  timeZone: string;
  /** A refusal of Confirm that names no form field. */
  alert: string | null;
  confirming: boolean;
  onBack: () => void;
  onConfirm: () => void;
};

/** 'No fee' when the rail is free, else the fee. */
function feeLabel(fee: number): string {
  return fee === 0 ? 'No fee' : formatCents(fee);
}

/**
 * The Review step of Send money: what the server would send, as it checked it (nothing
 * is written yet): the amount, fee and total, from and to whom, the send day, the day the bank
 * processes it and the day it is expected to arrive, until when it can be canceled (in the company's
 * time), and whether a second approver must let it go. 'Back' returns to the form as it was; 'Confirm
 * and send' creates it with the form's idempotency key.
 */
export function TransferReviewStep({
  review,
  fromLabel,
  memo,
  timeZone,
  alert,
  confirming,
  onBack,
  onConfirm,
}: TransferReviewStepProps) {
  const rows: [string, ReactNode][] = [
    ['Amount', formatCents(review.amount)],
    ['Fee', feeLabel(review.fee)],
    [
      'Total',
      <Text key="total" span fw={650} size="sm">
        {formatCents(review.total)}
      </Text>,
    ],
    ['From', fromLabel],
    ['To', review.recipientName],
    ['Bank', review.bankName ?? 'Not known for this routing number'],
    ['Routing number', review.routingNumber],
    ['Account', `••${review.recipientAccountLast4}`],
    ['Send date', formatWeekday(review.date)],
  ];
  if (review.processingDay !== review.date) {
    rows.push(['Processed by the bank', formatWeekday(review.processingDay)]);
  }
  rows.push(['Expected arrival', `Expected to arrive ${formatWeekday(review.expectedArrival)}`]);
  if (memo) rows.push(['Memo', memo]);
  rows.push(['Available after', formatCents(review.availableAfter)]);

  return (
    <Stack
      gap="sm"
      data-testid="transfer-review"
      role="region"
      aria-label={`Review ${railLabel(review.rail)} transfer`}
    >
      <Title order={3} size="h5">
        Review your {railLabel(review.rail)} transfer
      </Title>
      <SimpleGrid
        component="dl"
        cols={3}
        spacing="md"
        verticalSpacing="sm"
        m={0}
        aria-label="Transfer details"
      >
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text
              component="dd"
              size="sm"
              m={0}
              data-testid={`review-${label.toLowerCase().replaceAll(' ', '-')}`}
            >
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Divider />
      <Text size="sm" data-testid="review-cancellable">
        You can cancel it until it is handed to the bank on {formatDayTimeIn(timeZone, review.handOverAt)}.
      </Text>
      {review.needsApproval ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconUserCheck size={18} />}
          data-testid="review-approval"
        >
          Needs a second approver: transfers over{' '}
          {review.approvalThreshold === null ? 'the company’s limit' : formatCents(review.approvalThreshold)}{' '}
          wait for another owner or admin to approve them before they go to the bank.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed" data-testid="review-approval">
          No second approver needed.
        </Text>
      )}
      <FormError message={alert} />
      <Group justify="flex-end" gap="xs" wrap="nowrap" pt="xs">
        <Button variant="default" onClick={onBack} disabled={confirming}>
          Back
        </Button>
        <Button onClick={onConfirm} loading={confirming}>
          Confirm and send
        </Button>
      </Group>
    </Stack>
  );
}
