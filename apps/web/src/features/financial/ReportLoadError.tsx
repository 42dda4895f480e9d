import { Alert, Anchor, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { graphqlErrorCode } from '../../lib/graphqlClient';

/**
 * The report could not be loaded (spec §8: show 'Error' and log). A report id that is not this company's
 * (an old link, another company's report, a typo) says so and links to the company's Financial Report.
 */
export function ReportLoadError({ error, reportId }: { error: unknown; reportId: string | undefined }) {
  useEffect(() => console.error('The report could not be loaded', error), [error]);
  if (reportId !== undefined && graphqlErrorCode(error) === 'NOT_FOUND') {
    return (
      <Alert color="yellow" title="Report not found" data-testid="report-error">
        <Text size="sm">
          This company has no report with the id '{reportId}'. It may have been deleted, or the link may
          belong to another company.
        </Text>
        <Anchor component={Link} to="/financial" size="sm" mt="xs" display="inline-block">
          Open the Financial Report
        </Anchor>
      </Alert>
    );
  }
  return (
    <Alert color="red" title="Error" data-testid="report-error">
      <Text size="sm">The report could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
