import { Alert, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReportLineItemView } from './reportQuery';

/** Whether nothing is booked in the range: every row is zero in every column. */
export function isReportEmpty(lineItems: readonly Pick<ReportLineItemView, 'columnValues'>[]): boolean {
  return lineItems.every((row) => row.columnValues.every((value) => value === 0));
}

/**
 * What to do first in a company with nothing booked in the range (a new company, or a range before
 * its books start): where bank accounts go, how to book an entry and a forecast.
 */
export function EmptyReportGuide() {
  return (
    <Alert
      variant="light"
      color="keel"
      icon={<IconInfoCircle size={18} />}
      title="Nothing is booked in this range yet"
      data-testid="empty-report-guide"
      py="xs"
    >
      <Text fz="sm">To get started:</Text>
      <List size="sm" type="ordered" spacing={2}>
        <List.Item>
          Add your bank accounts under <b>Banks</b>: open the row’s menu (⋯) and choose Add Sub-Account.
        </List.Item>
        <List.Item>
          Select an account’s month and press <b>New</b> to book an entry (past months) or a forecast (future
          months). Hidden empty accounts show with Column options → Empty Accounts.
        </List.Item>
        <List.Item>If your books start earlier, widen the date range above.</List.Item>
      </List>
    </Alert>
  );
}
