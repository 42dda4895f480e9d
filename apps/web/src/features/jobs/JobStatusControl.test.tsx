import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUCCEEDED_JOB_VISIBLE_MS } from '../../lib/timers';
import { theme } from '../../theme';
import { job } from '../linking/linking.testkit';
import { JobStatusControl } from './JobStatusControl';
import { QUICKBOOKS_SYNC_JOB } from './jobProgress';
import type { JobStatus } from './jobQueries';

const quickbooksJob = (overrides: Partial<JobStatus> = {}) =>
  job({
    id: 'qb-1',
    type: QUICKBOOKS_SYNC_JOB,
    message: 'Importing accounts from Sandbox Company_US_1',
    ...overrides,
  });

/** Renders in Mantine; `rerender` keeps it there. */
const renderWithProviders = (ui: ReactNode) =>
  render(ui, {
    wrapper: ({ children }) => (
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    ),
  });

/** The control's bar: its value (aria-valuenow) and its colour (Mantine's section color variable). */
function bar() {
  const section = within(screen.getByTestId('job-status')).getByRole('progressbar');
  return {
    value: Number(section.getAttribute('aria-valuenow')),
    color: section.style.getPropertyValue('--progress-section-color'),
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('JobStatusControl', () => {
  it('queued: a spinner, no percent, nothing to close', () => {
    renderWithProviders(<JobStatusControl jobs={[quickbooksJob({ status: 'queued', progress: null })]} />);
    const row = screen.getByTestId('job-status');
    expect(row).toHaveAttribute('data-status', 'queued');
    expect(within(row).getByTestId('job-spinner')).toBeInTheDocument();
    expect(within(row).getByTestId('job-progress-label')).toHaveTextContent('Waiting to start');
    expect(within(row).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('running: its percent, or a spinner while the percent is unknown', () => {
    const { rerender } = renderWithProviders(
      <JobStatusControl jobs={[quickbooksJob({ status: 'running', progress: 40 })]} />,
    );
    expect(screen.getByTestId('job-progress-label')).toHaveTextContent('40%');
    expect(bar().value).toBe(40);
    expect(screen.queryByTestId('job-spinner')).not.toBeInTheDocument();
    expect(screen.getByTestId('job-message')).toHaveTextContent(
      'Importing accounts from Sandbox Company_US_1',
    );
    expect(screen.getByTestId('job-status')).toHaveTextContent('Importing from QuickBooks Online');

    rerender(<JobStatusControl jobs={[quickbooksJob({ status: 'running', progress: null })]} />);
    expect(screen.getByTestId('job-spinner')).toBeInTheDocument();
    expect(screen.getByTestId('job-progress-label')).toHaveTextContent('Working');
  });

  it('succeeded: full and green, gone after 1 s', () => {
    vi.useFakeTimers();
    renderWithProviders(<JobStatusControl jobs={[quickbooksJob({ status: 'succeeded', progress: 100 })]} />);
    expect(bar()).toEqual({ value: 100, color: expect.stringContaining('green') });
    expect(screen.getByTestId('job-progress-label')).toHaveTextContent('Done');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SUCCEEDED_JOB_VISIBLE_MS - 1));
    expect(screen.getByTestId('job-status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('job-status')).not.toBeInTheDocument();
    expect(SUCCEEDED_JOB_VISIBLE_MS).toBe(1000);
  });

  it('counts the second from when it succeeded, not from when it started', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(
      <JobStatusControl jobs={[quickbooksJob({ status: 'running', progress: 90 })]} />,
    );
    act(() => vi.advanceTimersByTime(5000));
    rerender(<JobStatusControl jobs={[quickbooksJob({ status: 'succeeded', progress: 100 })]} />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('job-status')).toHaveAttribute('data-status', 'succeeded');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('job-status')).not.toBeInTheDocument();
  });

  it('failed: full and red with why, until closed', () => {
    renderWithProviders(
      <JobStatusControl
        jobs={[quickbooksJob({ status: 'failed', progress: 30, error: 'QuickBooks refused the sync.' })]}
      />,
    );
    expect(bar()).toEqual({ value: 100, color: expect.stringContaining('red') });
    expect(screen.getByTestId('job-progress-label')).toHaveTextContent('Failed');
    expect(screen.getByTestId('job-error')).toHaveTextContent('QuickBooks refused the sync.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('job-status')).not.toBeInTheDocument();
  });

  it('canceled: empty, until closed', () => {
    renderWithProviders(<JobStatusControl jobs={[quickbooksJob({ status: 'canceled', progress: 30 })]} />);
    expect(bar().value).toBe(0);
    expect(screen.getByTestId('job-progress-label')).toHaveTextContent('Canceled');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('job-status-control')).not.toBeInTheDocument();
  });

  it('shows QuickbooksSync jobs only', () => {
    renderWithProviders(
      <JobStatusControl
        jobs={[job({ id: 'bank-1', type: 'BankLinkSync' }), quickbooksJob(), job({ id: 'x', type: 'Other' })]}
      />,
    );
    expect(screen.getAllByTestId('job-status')).toHaveLength(1);
    expect(screen.getByTestId('job-status')).toHaveTextContent('Importing from QuickBooks Online');
  });

  it('shows nothing without a QuickbooksSync job', () => {
    renderWithProviders(<JobStatusControl jobs={[job({ type: 'BankLinkSync' })]} />);
    expect(screen.queryByTestId('job-status-control')).not.toBeInTheDocument();
  });

  it("takes a status it does not know for an error: 'Unknown job status'", () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <JobStatusControl jobs={[quickbooksJob({ status: 'paused' as JobStatus['status'] })]} />,
    );
    expect(screen.getByTestId('job-status-error')).toHaveTextContent('Unknown job status');
    expect(screen.queryByTestId('job-status')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
